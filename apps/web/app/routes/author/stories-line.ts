import { type Author, groupThousands } from "@broadsheet/domain";

/** "12 published stories"; past 10,000 the count is the database's estimate, and says so. */
export function storiesLine({
  postCount,
  postCountIsEstimate,
}: Pick<Author, "postCount" | "postCountIsEstimate">): string {
  const figure = groupThousands(postCount);
  const stories = `published ${postCount === 1 ? "story" : "stories"}`;
  return postCountIsEstimate ? `About ${figure} ${stories} (estimated)` : `${figure} ${stories}`;
}
