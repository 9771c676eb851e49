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

// Formatters are built once: making one costs far more than formatting with it, and a
// page formats hundreds of dates.
const LONG_DATE = /* @__PURE__ */ new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const TOP_BAR_DATE = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const RELATIVE_TIME = /* @__PURE__ */ new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** Long US date for lists (e.g. March 5, 2026). */
export function formatLongDate(value: Date | string | number): string {
  return LONG_DATE.format(toDate(value));
}

/** Top bar date: weekday, day, month, year (e.g. Sunday, 22 November 2026). */
export function formatTopBarDate(value: Date | string | number): string {
  return TOP_BAR_DATE.format(toDate(value));
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
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE_TIME.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}
