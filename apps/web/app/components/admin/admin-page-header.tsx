import type { ReactNode } from "react";

/** The heading block of every admin screen: title, one line of context, optional actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-gray-200 pb-5">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight text-ink">{title}</h1>
        {description ? <p className="mt-1 text-gray-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** A white card with a heading, the building block of the admin screens. */
export function AdminPanel({
  id,
  title,
  description,
  actions,
  children,
  className,
}: {
  /** Used for the heading id (aria-labelledby of the section). */
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-gray-200 bg-white p-5 shadow-xs sm:p-6 ${className ?? ""}`}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-ink">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-gray-600">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
