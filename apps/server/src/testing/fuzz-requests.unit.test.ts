import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApiRoutes } from "../app";
import { generateOpenApiDocument } from "../http/openapi-document";
import type { Services } from "../services";
import { findLeak, fuzzRequests, operationsOf, type SeedSamples } from "./fuzz-requests";

const samples: SeedSamples = {
  post: { id: "11111111-1111-4111-a111-111111111111", slug: "a-post" },
  target: { id: "22222222-2222-4222-a222-222222222222", slug: "another-post" },
  categoryName: "World",
  categorySlug: "world",
  typeName: "Politics",
  typeSlug: "politics",
  pollId: "33333333-3333-4333-a333-333333333333",
  advertId: "44444444-4444-4444-a444-444444444444",
  commentId: "55555555-5555-4555-a555-555555555555",
};
// The routes need no services to be declared: the document is read without a database.
const document = generateOpenApiDocument(createApiRoutes({} as Services)) as unknown as Parameters<
  typeof fuzzRequests
>[0];

describe("fuzz requests", () => {
  it("are the same for the same seed, and differ for another", () => {
    const digest = (seed: number) => {
      const hash = createHash("sha256");
      for (const request of fuzzRequests(document, samples, seed)) {
        hash.update(`${request.method} ${request.url} ${JSON.stringify(request.headers)} ${request.phase}\n`);
        if (request.body !== undefined) hash.update(request.body);
      }
      return hash.digest("hex");
    };
    expect(digest(7)).toBe(digest(7));
    expect(digest(8)).not.toBe(digest(7));
  });

  it("reach every operation of the document", () => {
    const requests = fuzzRequests(document, samples, 7);
    for (const operation of operationsOf(document)) {
      const count = requests.filter((r) => r.method === operation.method && r.template === operation.path).length;
      expect(count, `${operation.method} ${operation.path}`).toBeGreaterThan(5);
    }
  });

  it("keep deleting seeded rows and logging out for the later phases", () => {
    const requests = fuzzRequests(document, samples, 7);
    const early = requests.filter((r) => r.phase === 0);
    expect(early.some((r) => r.method === "DELETE" && r.url === `/api/posts/${samples.target.id}`)).toBe(false);
    expect(early.some((r) => /logout/.test(r.url))).toBe(false);
    expect(requests.some((r) => r.phase === 1 && r.url === `/api/posts/${samples.target.id}`)).toBe(true);
  });
});

describe("findLeak", () => {
  it("finds SQL, database errors, stack traces and file paths", () => {
    expect(
      findLeak(
        '{"message":"Failed query: select \\"id\\" from \\"posts\\" where \\"slug\\" = $1"}',
        "application/json",
      ),
    ).toBe("SQL");
    expect(findLeak('invalid byte sequence for encoding "UTF8": 0x00', "text/plain")).toBe("a database error");
    expect(findLeak('duplicate key value violates unique constraint "users_email"', "application/json")).toBe(
      "a database error",
    );
    expect(findLeak("TypeError: x\n    at readJson (file:///srv/app/dist/main.js:10:5)", "text/plain")).toBe(
      "a stack trace",
    );
    expect(findLeak("ENOENT: no such file, open '/work/main/data/x'", "application/json")).toBe("a file path");
    expect(findLeak('<p>select * from "users" where 1</p>', "text/html")).toBe("SQL");
  });

  it("lets ordinary answers and pages through", () => {
    expect(findLeak('{"message":"Please select a category"}', "application/json")).toBeUndefined();
    expect(findLeak('{"message":"Post deleted successfully"}', "application/json")).toBeUndefined();
    const page =
      '<html><body><a href="/admin/home">Home</a><select name="category"><option>All</option></select>' +
      "<p>Readers can select stories from the list and update where they left off.</p>" +
      '<script src="/assets/root-AbC123.js"></script></body></html>';
    expect(findLeak(page, "text/html; charset=utf-8")).toBeUndefined();
  });
});
