import type { DashboardStats } from "@broadsheet/domain";
import { useId } from "react";

/** One day of GET /api/admin/stats: `day` is YYYY-MM-DD (UTC). */
export type DayViews = DashboardStats["viewsPerDay"][number];

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 3" from "2026-11-03" (no time zone shifts: the API's days are UTC dates). */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1] ?? ""} ${date ?? ""}`.trim();
}

const number = new Intl.NumberFormat("en-US");

/** A round axis top with four equal steps of 1, 2 or 5 × 10^n. */
function axisSteps(max: number, ticks = 4): number[] {
  const raw = Math.max(1, max) / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((factor) => factor * magnitude >= raw) ?? 10) * magnitude;
  return Array.from({ length: ticks + 1 }, (_, index) => index * Math.max(1, Math.round(step)));
}

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 30, left: 44 };

/** What a chart counts: "view"/"views" per day, or subscribers (a level each day, not a sum). */
export interface ChartFigure {
  one: string;
  many: string;
  /** Each day's figure is a level (subscribers that day): the summary gives the first and last, not a sum. */
  level?: boolean;
}

const VIEWS: ChartFigure = { one: "view", many: "views" };

/**
 * A figure per day (views by default) as an inline SVG bar chart. Screen readers get a summary
 * (role="img" with a title and description) and every figure sits in a data table one click away.
 */
export function ViewsChart({
  days,
  title = "Views per day, last 30 days",
  figure = VIEWS,
}: {
  days: DayViews[];
  title?: string;
  figure?: ChartFigure;
}) {
  const id = useId();
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const busiest = days.reduce<DayViews | null>((best, day) => (!best || day.views > best.views ? day : best), null);
  const named = (value: number) => `${number.format(value)} ${value === 1 ? figure.one : figure.many}`;
  const steps = axisSteps(busiest?.views ?? 0);
  const top = steps[steps.length - 1] ?? 1;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.64);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const first = days[0];
  const last = days[days.length - 1];
  const levelSummary = (from: DayViews, to: DayViews) =>
    `${named(to.views)} on ${shortDay(to.day)}, ${number.format(from.views)} on ${shortDay(from.day)}.`;
  const summary = !(first && last)
    ? "No data yet."
    : figure.level
      ? levelSummary(first, last)
      : `${number.format(total)} ${figure.many} from ${shortDay(first.day)} to ${shortDay(last.day)}${
          busiest && busiest.views > 0 ? `; busiest day ${shortDay(busiest.day)} with ${named(busiest.views)}` : ""
        }.`;

  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full"
        data-testid="views-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {steps.map((value) => (
          <g key={value}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(value)}
              y2={y(value)}
              stroke={value === 0 ? "#9ca3af" : "#e5e7eb"}
              strokeDasharray={value === 0 ? undefined : "3 3"}
            />
            <text x={MARGIN.left - 8} y={y(value)} dy="0.32em" textAnchor="end" fontSize="11" fill="#4b5563">
              {number.format(value)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const height = y(0) - y(day.views);
          const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
          const isToday = index === days.length - 1;
          return (
            <g key={day.day}>
              <rect
                x={x}
                y={y(day.views)}
                width={barWidth}
                height={Math.max(0, height)}
                rx={Math.min(3, barWidth / 3)}
                fill={isToday ? "#111827" : "#c8102e"}
                opacity={isToday ? 1 : 0.88}
              >
                <title>{`${shortDay(day.day)}: ${named(day.views)}`}</title>
              </rect>
              {(days.length - 1 - index) % 7 === 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - MARGIN.bottom + 18}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#4b5563"
                >
                  {isToday ? "Today" : shortDay(day.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-gray-600">{summary}</figcaption>
      <details className="mt-2">
        <summary className="cursor-pointer select-none rounded text-sm font-semibold text-brand-700 hover:underline">
          Show as table
        </summary>
        <div className="mt-2 overflow-hidden rounded-lg border border-gray-200 sm:max-w-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {figure.many.charAt(0).toUpperCase() + figure.many.slice(1)}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="px-3 py-1.5 font-normal text-ink">
                    <time dateTime={day.day}>{shortDay(day.day)}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums text-ink">{number.format(day.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
