import { describe, expect, it } from "vitest";
import { createRedirectLookup, RELOAD_BEHIND_FROM, type RedirectRow } from "./redirect-lookup";

const row = (fromPath: string, toPath: string, statusCode = 301): RedirectRow => ({ fromPath, toPath, statusCode });

function controlledLoads() {
  const pending: ((rows: RedirectRow[]) => void)[] = [];
  let loads = 0;
  const load = () => {
    loads++;
    return new Promise<RedirectRow[]>((resolve) => pending.push(resolve));
  };
  return { load, pending, loads: () => loads };
}

describe("the redirect lookup", () => {
  it("reads the table once, finds keys and bare paths, and a 302 as such", async () => {
    let loads = 0;
    const lookup = createRedirectLookup(async () => {
      loads++;
      return [row("/old", "/new"), row("/?p=7", "/page/seven"), row("/later", "/soon", 302)];
    });
    expect(await lookup.find("/old/")).toEqual({ to: "/new", status: 301 });
    expect(await lookup.find("/old?utm_source=feed")).toEqual({ to: "/new", status: 301 });
    expect(await lookup.find("/?p=7&replytocom=3")).toEqual({ to: "/page/seven", status: 301 });
    expect(await lookup.find("/later")).toEqual({ to: "/soon", status: 302 });
    expect(await lookup.find("/live")).toBeNull();
    expect(loads).toBe(1);
  });

  it("makes the next request wait for a small table's change", async () => {
    const loads = controlledLoads();
    const lookup = createRedirectLookup(loads.load);
    const first = lookup.find("/a");
    loads.pending.shift()?.([row("/a", "/b")]);
    expect(await first).toEqual({ to: "/b", status: 301 });
    lookup.forget();
    const next = lookup.find("/a");
    loads.pending.shift()?.([]);
    expect(await next).toBeNull();
  });

  it("answers from the table it had while a large one is read again", async () => {
    const loads = controlledLoads();
    const lookup = createRedirectLookup(loads.load);
    const many = Array.from({ length: RELOAD_BEHIND_FROM }, (_, index) => row(`/old-${index}`, `/new-${index}`));
    const first = lookup.find("/old-1");
    loads.pending.shift()?.(many);
    expect(await first).toEqual({ to: "/new-1", status: 301 });
    lookup.forget();
    expect(await lookup.find("/old-1")).toEqual({ to: "/new-1", status: 301 });
    expect(loads.loads()).toBe(2);
    loads.pending.shift()?.([row("/old-1", "/newer-1")]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await lookup.find("/old-1")).toEqual({ to: "/newer-1", status: 301 });
  });
});
