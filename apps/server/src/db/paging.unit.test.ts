import { describe, expect, it } from "vitest";
import { readPage } from "./paging";

/** A list of `rows` rows whose count answers `total`; records the offsets it was read at. */
function list(rows: number, total: { total: number; totalIsEstimate?: boolean }) {
  const readAt: number[] = [];
  return {
    readAt,
    count: async () => [total],
    read: async (offset: number) => {
      readAt.push(offset);
      return Array.from({ length: Math.max(0, Math.min(10, rows - offset)) }, (_, at) => offset + at);
    },
  };
}

describe("a page of a list", () => {
  it("reads a page near the start with its total", async () => {
    const posts = list(25, { total: 25 });
    expect(await readPage(3, 10, posts.count, posts.read)).toEqual({
      rows: [20, 21, 22, 23, 24],
      total: 25,
      totalIsEstimate: false,
    });
  });

  it("answers a deep page past a counted end without reading rows", async () => {
    const posts = list(5_000, { total: 5_000 });
    expect((await readPage(1_000, 10, posts.count, posts.read)).rows).toEqual([]);
    expect(posts.readAt).toEqual([]);
  });

  it("still reads a page a little past an estimated end, which may fall short, but not far past it", async () => {
    const posts = list(10_049, { total: 10_000, totalIsEstimate: true });
    const tail = await readPage(1_005, 10, posts.count, posts.read);
    expect(tail).toEqual({
      rows: [10_040, 10_041, 10_042, 10_043, 10_044, 10_045, 10_046, 10_047, 10_048],
      total: 10_000,
      totalIsEstimate: true,
    });
    expect((await readPage(100_000, 10, posts.count, posts.read)).rows).toEqual([]);
    expect(posts.readAt).toEqual([10_040]);
  });
});
