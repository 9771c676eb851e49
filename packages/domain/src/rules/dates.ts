import { groupThousands } from "./text";

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Card date, DD-MMM-YYYY (e.g. 05-Mar-2026), in UTC so server and browser agree. */
export function formatCardDate(value: Date | string | number): string {
  const date = toDate(value);
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${day}-${SHORT_MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
}

const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/*
 * The English UTC dates every reader page shows are spelled out here rather than by
 * Intl.DateTimeFormat: building the first formatter loads the browser's locale data, a
 * 30-150 ms task on a phone before the page can hydrate, and this way the server and the
 * browser cannot disagree on a comma.
 */

/** Long US date for lists (e.g. March 5, 2026). */
export function formatLongDate(value: Date | string | number): string {
  const date = toDate(value);
  return `${LONG_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Month and year of an edition (e.g. March 2026). */
export function formatMonthYear(value: Date | string | number): string {
  const date = toDate(value);
  return `${LONG_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Top bar date: weekday, day, month, year (e.g. Sunday, 22 November 2026). */
export function formatTopBarDate(value: Date | string | number): string {
  const date = toDate(value);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${LONG_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The units of a relative time, largest first, each with its length in seconds. */
export const RELATIVE_UNITS: [RelativeUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
type RelativeUnit = "year" | "month" | "week" | "day" | "hour" | "minute";

/** What Intl.RelativeTimeFormat("en", { numeric: "auto" }) says for one unit either way. */
const ONE_UNIT_AGO: Record<RelativeUnit, string> = {
  year: "last year",
  month: "last month",
  week: "last week",
  day: "yesterday",
  hour: "1 hour ago",
  minute: "1 minute ago",
};
const ONE_UNIT_AHEAD: Record<RelativeUnit, string> = {
  year: "next year",
  month: "next month",
  week: "next week",
  day: "tomorrow",
  hour: "in 1 hour",
  minute: "in 1 minute",
};

/**
 * "3 hours ago" style time relative to `now`, worded as Intl.RelativeTimeFormat("en",
 * { numeric: "auto" }) words it (a test compares them). Written out because a browser's first
 * RelativeTimeFormat loads its locale data: 15–30 ms on the main thread of a post page.
 */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) < size) continue;
    const count = Math.trunc(seconds / size);
    if (count === -1) return ONE_UNIT_AGO[unit];
    if (count === 1) return ONE_UNIT_AHEAD[unit];
    const amount = `${groupThousands(Math.abs(count))} ${unit}s`;
    return count < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return "just now";
}

/** Whether `name` is a time zone this runtime knows (IANA names such as Europe/London). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `date`, as the value of an <input type="datetime-local"> (YYYY-MM-DDTHH:mm). */
export function toZonedInputValue(date: Date | string, timeZone: string): string {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(toDate(date)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant at which the wall clock in `timeZone` shows `local` (YYYY-MM-DDTHH:mm), or null
 * for a value that is not one. Around a clock change the offset is found again from the first guess.
 */
export function fromZonedInputValue(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const asUtc = Date.UTC(year as number, (month as number) - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  let guess = asUtc;
  for (let pass = 0; pass < 2; pass++) {
    const shown = Date.parse(`${toZonedInputValue(new Date(guess), timeZone)}:00Z`);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** A time as editors read it in the site's zone: "1 Dec 2026, 09:00 (Europe/London)". */
export function formatZonedTime(date: Date | string, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(toDate(date));
  return `${text} (${timeZone})`;
}

// Saves within a minute of going live are the publication itself, not an update.
const UPDATE_GRACE_MS = 60_000;

/** Whether a post was edited after it went out (likes, comments and views do not count). */
export function editedAfterPublication(post: {
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}): boolean {
  return Date.parse(post.updatedAt) - Date.parse(post.publishedAt ?? post.createdAt) > UPDATE_GRACE_MS;
}
