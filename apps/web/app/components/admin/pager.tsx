import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** How many page numbers the pager shows at once (SPEC.md §9: "pager shows 3 pages"). */
export const PAGER_WINDOW = 3;

/** The page numbers to show: up to PAGER_WINDOW, around the current page, within 1…pages. */
export function pagerWindow(page: number, pages: number, size = PAGER_WINDOW): number[] {
  if (pages <= 0) return [];
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  const last = Math.min(pages, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

const itemClass =
  "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-3 text-sm font-semibold transition-colors";
const linkClass = `${itemClass} border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700`;
const disabledClass = `${itemClass} cursor-not-allowed border-gray-200 bg-gray-50 text-gray-500`;
const currentClass = `${itemClass} border-brand-600 bg-brand-600 text-white`;

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
}: {
  page: number;
  total: number;
  limit: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-600">
        Page {current} of {pages}
      </p>
      <ul className="flex items-center gap-1.5">
        <li>
          {current > 1 ? (
            <Link to={hrefFor(current - 1)} className={linkClass} rel="prev">
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              Prev
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              Prev
            </span>
          )}
        </li>
        {pagerWindow(current, pages).map((number) => (
          <li key={number}>
            {number === current ? (
              <span aria-current="page" className={currentClass}>
                <span className="sr-only">Page </span>
                {number}
              </span>
            ) : (
              <Link to={hrefFor(number)} className={linkClass} aria-label={`Page ${number}`}>
                {number}
              </Link>
            )}
          </li>
        ))}
        <li>
          {current < pages ? (
            <Link to={hrefFor(current + 1)} className={linkClass} rel="next">
              Next
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              Next
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
