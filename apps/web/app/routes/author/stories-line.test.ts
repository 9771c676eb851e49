import { describe, expect, it } from "vitest";
import { storiesLine } from "./stories-line";

describe("an author's count of stories", () => {
  it("gives an exact count as it is", () => {
    expect(storiesLine({ postCount: 1, postCountIsEstimate: false })).toBe("1 published story");
    expect(storiesLine({ postCount: 9_999, postCountIsEstimate: false })).toBe("9,999 published stories");
  });

  it("says an estimate is one", () => {
    expect(storiesLine({ postCount: 340_000, postCountIsEstimate: true })).toBe(
      "About 340,000 published stories (estimated)",
    );
  });
});
