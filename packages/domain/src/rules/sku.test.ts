import { describe, expect, it } from "vitest";
import { buildSku } from "./sku";

describe("buildSku", () => {
  it("is the first three letters of the category upper-cased, a dash and the timestamp", () => {
    expect(buildSku("Technology", 1700000000000)).toBe("TEC-1700000000000");
    expect(buildSku("World News", 42)).toBe("WOR-42");
  });
  it("uses letters only, so a short or spaced name still works", () => {
    expect(buildSku("Audio Video", 1)).toBe("AUD-1");
    expect(buildSku("TV", 7)).toBe("TV-7");
  });
  it("defaults to the current time", () => {
    const before = Date.now();
    const [, stamp] = buildSku("Jobs").split("-");
    expect(Number(stamp)).toBeGreaterThanOrEqual(before);
  });
});
