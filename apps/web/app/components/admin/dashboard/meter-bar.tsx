/** Whole percent of `part` in `total` (0 when total is 0). */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/**
 * A labelled horizontal bar. The visible parts are hidden from screen readers, which read
 * `srText` instead (e.g. "Spring: 3 votes, 50%").
 */
export function MeterBar({
  label,
  value,
  percent,
  srText,
  highlight = false,
}: {
  label: string;
  /** The figure shown at the right, e.g. "3 votes · 50%". */
  value: string;
  percent: number;
  srText: string;
  highlight?: boolean;
}) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div>
      <span className="sr-only">{srText}</span>
      <div aria-hidden="true">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="min-w-0 truncate font-medium text-ink">{label}</span>
          <span className="shrink-0 tabular-nums text-gray-600">{value}</span>
        </div>
        <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-gray-100">
          <div
            className={`h-full rounded-full ${highlight ? "bg-brand-600" : "bg-gray-700"}`}
            style={{ width: `${width}%` }}
          />
        </div>
      </div>
    </div>
  );
}
