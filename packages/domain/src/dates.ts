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

/** Long US date for lists (e.g. March 5, 2026). */
export function formatLongDate(value: Date | string | number): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(toDate(value));
}

/** Top bar date: weekday, day, month, year (e.g. Sunday, 22 November 2026). */
export function formatTopBarDate(value: Date | string | number): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(toDate(value));
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 hours ago" style time relative to `now`. */
export function formatRelativeTime(value: Date | string | number, now: Date = new Date()): string {
  const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}
