import { describe, expect, it } from "vitest";
import { pageRendersPerProcess } from "./page-renders";

describe("page renders at once", () => {
  it("gives a single process four, and shares four among workers, two each at least", () => {
    expect(pageRendersPerProcess(1)).toBe(4);
    expect(pageRendersPerProcess(2)).toBe(2);
    expect(pageRendersPerProcess(3)).toBe(2);
    expect(pageRendersPerProcess(16)).toBe(2);
  });
});
