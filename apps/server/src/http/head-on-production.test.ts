import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProductionServer, startProductionServer } from "../testing/production-server";
import { testDatabaseKind } from "../testing/test-database";

/*
 * Issue 39's reproduction on the production build, fresh from its start: `curl -I` on a
 * page (what uptime monitors send) used to store an empty body that every anonymous GET
 * then got. Raw node:http requests, as curl sends them: no Accept-Encoding, no decoding.
 */
let server: ProductionServer;
let paths: string[] = [];

beforeAll(async () => {
  server = await startProductionServer({ kind: testDatabaseKind(), accounts: [] });
  const posts = (await (await fetch(`${server.url}/api/posts?limit=1`)).json()) as {
    items: { slug: string; categorySlug: string }[];
  };
  const post = posts.items[0];
  if (!post) throw new Error("the demo content has no post");
  paths = ["/", "/terms", `/category/${post.categorySlug}`, `/page/${post.slug}`];
}, 180_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

function send(path: string, method: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const outgoing = request(`${server.url}${path}`, { method, headers: { accept: "*/*" } }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        incoming.on("error", reject);
      });
      outgoing.on("error", reject);
      outgoing.end();
    },
  );
}

describe(`curl -I, then GET, on the production build (${testDatabaseKind()})`, () => {
  it("gives the full page after a HEAD, on the home, legal, category and post pages", async () => {
    for (const path of paths) {
      const head = await send(path, "HEAD");
      expect([path, head.status]).toEqual([path, 200]);
      expect(head.body).toBe("");
      for (let attempt = 0; attempt < 2; attempt++) {
        const get = await send(path, "GET");
        expect([path, get.status]).toEqual([path, 200]);
        expect(get.body).toContain("<!DOCTYPE html>");
        expect(get.body).toContain("</html>");
        expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
        expect(head.headers["cache-control"]).toBe(get.headers["cache-control"]);
        expect(head.headers.vary).toBe(get.headers.vary);
        if (head.headers["content-length"] !== undefined) {
          expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(get.body)));
        }
      }
      // A HEAD of the cached page changes nothing either.
      expect((await send(path, "HEAD")).headers["x-cache"]).toBe("HIT");
      expect((await send(path, "GET")).body).toContain("</html>");
    }
  });
});
