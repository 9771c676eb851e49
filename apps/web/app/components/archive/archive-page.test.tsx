import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PostSummary } from "../../lib/post-types";
import { ArchiveList } from "./archive-page";

/** One card's worth of a post: what PostCard shows. */
const post = {
  _id: "p1",
  slug: "harbour-lights",
  title: "Why the harbour lights changed",
  excerpt: "",
  image: [],
  imageAlt: [],
  author: "Alex Admin",
  authorSlug: "alex-admin",
  coauthors: [],
  category: "National",
  categorySlug: "national",
  type: "",
  createdAt: "2026-11-01T10:00:00.000Z",
  likeCount: 0,
  commentCount: 0,
} as unknown as PostSummary;

/** The count line of an archive's first page of `total` posts. */
function countLine(total: number, totalIsEstimate: boolean): string {
  const html = renderToString(
    <MemoryRouter>
      <ArchiveList
        posts={{ items: [post], total, page: 1, limit: 9, totalIsEstimate }}
        path="/author/alex-admin"
        label="Posts by Alex Admin"
        empty="No posts"
      />
    </MemoryRouter>,
  );
  return (html.match(/<p class="text-sm text-gray-600">(.*?)<\/p>/)?.[1] ?? "").replace(/<!-- -->/g, "");
}

describe("an archive's count of posts", () => {
  it("labels an estimated total as one", () => {
    expect(countLine(500_000, true)).toBe("Showing 1–9 of about 500,000 posts (estimated total)");
  });

  it("gives an exact total as it is", () => {
    expect(countLine(9_999, false)).toBe("Showing 1–9 of 9,999 posts");
  });
});
