import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One headline figure of the dashboard (e.g. Posts 120, "96 published · 24 drafts"). */
export function StatCard({
  label,
  value,
  detail,
  icon: Icon,
  tone = "brand",
}: {
  label: string;
  value: number;
  detail?: ReactNode;
  icon: LucideIcon;
  tone?: "brand" | "ink" | "blue" | "green";
}) {
  const tones = {
    brand: "bg-brand-50 text-brand-700",
    ink: "bg-gray-100 text-ink",
    blue: "bg-blue-50 text-blue-800",
    green: "bg-green-50 text-green-800",
  } as const;
  return (
    <div className="flex items-start gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-xs">
      <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-lg ${tones[tone]}`}>
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <dl className="min-w-0">
        <dt className="text-sm font-medium text-gray-600">{label}</dt>
        <dd className="mt-0.5 text-3xl font-bold tabular-nums tracking-tight text-ink">
          {new Intl.NumberFormat("en-US").format(value)}
        </dd>
        {detail ? <dd className="mt-1 text-xs text-gray-600">{detail}</dd> : null}
      </dl>
    </div>
  );
}
