import { describe, expect, it } from "vitest";
import { formatCardDate, formatLongDate, formatRelativeTime, formatTopBarDate } from "./dates";

describe("dates", () => {
  const date = new Date("2026-03-05T10:00:00Z");

  it("formats card dates as DD-MMM-YYYY", () => {
    expect(formatCardDate(date)).toBe("05-Mar-2026");
    expect(formatCardDate("2026-12-31T23:00:00Z")).toBe("31-Dec-2026");
  });
  it("formats list dates as a long US date", () => {
    expect(formatLongDate(date)).toBe("March 5, 2026");
  });
  it("formats the top bar date with weekday, day, month and year", () => {
    expect(formatTopBarDate(new Date("2026-11-22T08:00:00Z"))).toBe("Sunday, 22 November 2026");
  });
  it("formats relative times", () => {
    const now = new Date("2026-03-05T13:00:00Z");
    expect(formatRelativeTime(date, now)).toBe("3 hours ago");
    expect(formatRelativeTime(new Date("2026-03-05T12:59:50Z"), now)).toBe("just now");
    expect(formatRelativeTime(new Date("2026-03-04T13:00:00Z"), now)).toBe("yesterday");
  });
});
