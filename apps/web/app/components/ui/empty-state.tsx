import type { ReactNode } from "react";

/** The "nothing here yet" state of a list or table (texts from docs/product.md#5-admin-screens). */
export function EmptyState({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-gray-300 bg-gray-50 px-6 py-10 text-center text-gray-600">
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      <p className="font-medium">{children}</p>
    </div>
  );
}
