import { ChevronLeft, ChevronRight } from "lucide-react";
import { Fragment } from "react";
import { Link } from "react-router";

/** How many page numbers the pager shows at once (docs/product.md#9-limits-and-constants). */
export const PAGER_WINDOW = 3;

/** The page numbers to show: up to PAGER_WINDOW, around the current page, within 1…pages. */
export function pagerWindow(page: number, pages: number, size = PAGER_WINDOW): number[] {
  if (pages <= 0) return [];
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  const last = Math.min(pages, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/*
 * Two looks: the admin tables' compact pager ("Page 2 of 5", numbers named "Page 2", the
 * current one as text) and the reader-facing search pager (larger, centred, every number a
 * link, the current one marked aria-current).
 */
const LOOKS = {
  admin: {
    nav: "mt-6 flex flex-wrap items-center justify-between gap-3",
    item: "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-3 text-sm font-semibold transition-colors",
  },
  reader: {
    nav: "mt-10 flex flex-wrap items-center justify-center gap-2",
    item: "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold transition",
  },
} as const;

type Look = keyof typeof LOOKS;

/**
 * Prev, up to three page numbers and Next, as links (works without JavaScript).
 * Renders nothing when everything fits on one page.
 */
export function Pager({
  page,
  total,
  limit,
  hrefFor,
  label = "Pagination",
  look = "admin",
}: {
  page: number;
  total: number;
  limit: number;
  hrefFor: (page: number) => string;
  label?: string;
  look?: Look;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const { nav, item } = LOOKS[look];
  const linkClass = `${item} border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700`;
  const disabledClass = `${item} cursor-not-allowed border-gray-200 bg-gray-50 text-gray-500`;
  const currentClass = `${item} border-brand-600 bg-brand-600 text-white`;

  const prev =
    current > 1 ? (
      <Link to={hrefFor(current - 1)} className={linkClass} rel="prev">
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Prev
      </Link>
    ) : (
      <span aria-disabled="true" className={disabledClass}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Prev
      </span>
    );
  const next =
    current < pages ? (
      <Link to={hrefFor(current + 1)} className={linkClass} rel="next">
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    ) : (
      <span aria-disabled="true" className={disabledClass}>
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </span>
    );
  const pageLink = (number: number) => {
    if (look === "reader") {
      const isCurrent = number === current;
      return (
        <Link
          to={hrefFor(number)}
          aria-current={isCurrent ? "page" : undefined}
          className={isCurrent ? currentClass : linkClass}
        >
          {number}
        </Link>
      );
    }
    return number === current ? (
      <span aria-current="page" className={currentClass}>
        <span className="sr-only">Page </span>
        {number}
      </span>
    ) : (
      <Link to={hrefFor(number)} className={linkClass} aria-label={`Page ${number}`}>
        {number}
      </Link>
    );
  };
  const numbers = pagerWindow(current, pages);

  if (look === "reader") {
    return (
      <nav aria-label={label} className={nav}>
        {prev}
        {numbers.map((number) => (
          <Fragment key={number}>{pageLink(number)}</Fragment>
        ))}
        {next}
      </nav>
    );
  }
  return (
    <nav aria-label={label} className={nav}>
      <p className="text-sm text-gray-600">
        Page {current} of {pages}
      </p>
      <ul className="flex items-center gap-1.5">
        <li>{prev}</li>
        {numbers.map((number) => (
          <li key={number}>{pageLink(number)}</li>
        ))}
        <li>{next}</li>
      </ul>
    </nav>
  );
}
