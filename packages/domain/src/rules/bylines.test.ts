import { describe, expect, it } from "vitest";
import { joinBylineNames } from "./bylines";

describe("joinBylineNames", () => {
  it.each([
    [[], ""],
    [["Ada"], "Ada"],
    [["Ada", "Bo"], "Ada and Bo"],
    [["Ada", "Bo", "Cy"], "Ada, Bo and Cy"],
  ])("%j reads %j", (names, expected) => {
    expect(joinBylineNames(names)).toBe(expected);
  });
});
