import { describe, expect, it } from "vitest";
import {
  editedAfterPublication,
  formatCardDate,
  formatLongDate,
  formatMonthYear,
  formatRelativeTime,
  formatTopBarDate,
  formatZonedTime,
  fromZonedInputValue,
  isTimeZone,
  RELATIVE_UNITS,
  toZonedInputValue,
} from "./dates";

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
  it("spells dates as Intl does in English, in UTC, on every day of a year", () => {
    const longDate = new Intl.DateTimeFormat("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const topBar = new Intl.DateTimeFormat("en-GB", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    for (let day = 0; day < 366; day++) {
      const when = new Date(Date.UTC(2028, 0, 1, 23, 30) + day * 86_400_000);
      expect(formatLongDate(when)).toBe(longDate.format(when));
      expect(formatTopBarDate(when)).toBe(topBar.format(when));
      expect(formatMonthYear(when)).toBe(monthYear.format(when));
    }
  });
  it("formats relative times", () => {
    const now = new Date("2026-03-05T13:00:00Z");
    expect(formatRelativeTime(date, now)).toBe("3 hours ago");
    expect(formatRelativeTime(new Date("2026-03-05T12:59:50Z"), now)).toBe("just now");
    expect(formatRelativeTime(new Date("2026-03-04T13:00:00Z"), now)).toBe("yesterday");
  });
  it("words relative times as Intl.RelativeTimeFormat does in English, past and future", () => {
    const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    const now = new Date("2026-03-05T13:00:00Z");
    expect(RELATIVE_UNITS.map(([unit]) => unit)).toEqual(["year", "month", "week", "day", "hour", "minute"]);
    for (const [unit, size] of RELATIVE_UNITS) {
      const largest = unit === "year" ? 2000 : unit === "minute" ? 59 : 3;
      for (const count of [1, 2, largest]) {
        for (const sign of [-1, 1]) {
          const then = new Date(now.getTime() + sign * count * size * 1000);
          expect(formatRelativeTime(then, now)).toBe(intl.format(sign * count, unit));
        }
      }
    }
  });
});

describe("times in the site's time zone", () => {
  it.each([
    ["2026-12-01T09:00", "Europe/London", "2026-12-01T09:00:00.000Z"],
    ["2026-07-01T09:00", "Europe/London", "2026-07-01T08:00:00.000Z"],
    ["2026-12-01T09:00", "America/New_York", "2026-12-01T14:00:00.000Z"],
    ["2026-12-01T09:00", "Asia/Kolkata", "2026-12-01T03:30:00.000Z"],
    ["2026-12-01T09:00", "UTC", "2026-12-01T09:00:00.000Z"],
  ])("reads %s in %s as %s, and shows it back", (local, zone, utc) => {
    const instant = fromZonedInputValue(local, zone);
    expect(instant?.toISOString()).toBe(utc);
    expect(toZonedInputValue(utc, zone)).toBe(local);
  });

  it("refuses what is not a date and time", () => {
    expect(fromZonedInputValue("tomorrow", "UTC")).toBeNull();
    expect(fromZonedInputValue("2026-12-01", "UTC")).toBeNull();
  });

  it("knows IANA zones and formats a time with its zone", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(formatZonedTime("2026-12-01T09:00:00Z", "Europe/Paris")).toBe("1 Dec 2026, 10:00 (Europe/Paris)");
  });
});

describe("updated after publication", () => {
  const publishedAt = "2026-11-01T10:00:00.000Z";
  it("counts an edit more than a minute after the post went out", () => {
    expect(editedAfterPublication({ publishedAt, createdAt: publishedAt, updatedAt: "2026-11-01T10:05:00.000Z" })).toBe(
      true,
    );
    expect(editedAfterPublication({ publishedAt, createdAt: publishedAt, updatedAt: "2026-11-01T10:00:30.000Z" })).toBe(
      false,
    );
    expect(editedAfterPublication({ publishedAt: null, createdAt: publishedAt, updatedAt: publishedAt })).toBe(false);
  });
});
