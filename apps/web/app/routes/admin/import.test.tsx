import type { ImportJson } from "@broadsheet/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../testing/render-route";
import ImportScreen from "./import";

/* Admin → Import: the check's report, Start import, the progress bar, the recent imports. */
const SLOW = { timeout: 8_000 };

const checked: ImportJson = {
  id: "11111111-1111-4111-8111-111111111111",
  source: "wordpress",
  status: "done",
  progress: { done: 12, total: 12 },
  report: {
    source: "wordpress",
    site: "https://old.example",
    dryRun: true,
    counts: { post: { created: 9, updated: 0, unchanged: 0, skipped: 1 } },
    skipped: [{ kind: "post", sourceId: "7", reason: "in the trash" }],
    mapped: [{ kind: "category", from: "Travel", to: "tag travel" }],
    images: { fetched: 2, fromMediaDir: 0, missing: 1, missingUrls: ["https://old.example/lost.jpg"] },
    warnings: ["title made from the date"],
  },
  error: "",
  fileName: "old-blog.xml",
  dryRun: true,
  createdAt: "2026-11-28T10:00:00.000Z",
  finishedAt: "2026-11-28T10:00:05.000Z",
};
const running: ImportJson = {
  ...checked,
  id: "22222222-2222-4222-8222-222222222222",
  status: "running",
  dryRun: false,
  progress: { done: 5, total: 12 },
  report: null,
  finishedAt: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Admin → Import", { timeout: 20_000 }, () => {
  it("asks for a file before sending anything", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderRoute("/admin/import", ImportScreen, { loader: () => ({ denied: false, imports: [] }) });
    expect(await screen.findByLabelText("Source", undefined, SLOW)).toHaveProperty("value", "wordpress");
    expect(screen.getByLabelText("Export file")).toHaveProperty("type", "file");
    expect(screen.getByText("No import yet.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Check file" }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Please choose an export file");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("uploads a check, shows its report, starts the import and shows its progress", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (url === "/api/imports") return json({ id: checked.id }, 202);
        if (url === `/api/imports/${checked.id}/start`) return json({ id: running.id }, 202);
        return json(url.endsWith(checked.id) ? checked : running);
      }),
    );
    renderRoute("/admin/import", ImportScreen, { loader: () => ({ denied: false, imports: [checked] }) });
    await userEvent.upload(
      await screen.findByLabelText("Export file", undefined, SLOW),
      new File(["<rss/>"], "old-blog.xml", { type: "text/xml" }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Check file" }));

    expect(await screen.findByText("Check finished: nothing was written yet.", undefined, SLOW)).toBeTruthy();
    expect(calls[0]).toBe("POST /api/imports");
    const counts = screen.getByRole("table", { name: "What the import would do" });
    expect(within(counts).getByRole("row", { name: /post 9 0 0 1/ })).toBeTruthy();
    expect(screen.getByText("Images: 2 fetched, 0 from the media folder, 1 missing")).toBeTruthy();
    expect(screen.getByText("category Travel → tag travel")).toBeTruthy();
    expect(screen.getByText("https://old.example/lost.jpg")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Start import" }));
    expect(await screen.findByRole("progressbar", { name: "Import progress" }, SLOW)).toHaveProperty("value", 5);
    expect(screen.getByText("5 of 12 items")).toBeTruthy();
    expect(calls).toContain(`POST /api/imports/${checked.id}/start`);
  });

  it("tells editors the screen is for admins", async () => {
    renderRoute("/admin/import", ImportScreen, { loader: () => ({ denied: true, imports: [] }) });
    expect(await screen.findByText("Only admins can do this", undefined, SLOW)).toBeTruthy();
  });
});
