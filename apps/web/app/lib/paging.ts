import { groupThousands } from "@broadsheet/domain";

/** Deep pages cost the database more; no list goes further than this. */
const MAX_PAGE = 10_000;

/** The `page` of a list's query string: a whole number from 1, else 1. */
export function pageParam(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isFinite(page) && page > 0 ? Math.min(page, MAX_PAGE) : 1;
}

/** The link to a list page: empty values and page 1 are left out, so URLs stay short. */
export function listHref(path: string, query: { page: number } & Record<string, string | number>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== "" && !(key === "page" && value === 1)) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The last page of a list asked past its end (its last rows deleted meanwhile), to redirect to;
 * null when the page asked for is fine.
 */
export function pastLastPage(page: number, answer: { items: unknown[]; total: number; limit: number }): number | null {
  const last = Math.max(1, Math.ceil(answer.total / answer.limit));
  return answer.items.length === 0 && page > last ? last : null;
}

/** A list's total as readers read it: past its bound it is the database's estimate, and says so ("about 12,345"). */
export function totalLabel(total: number, estimated: boolean): string {
  const figure = groupThousands(total);
  return estimated ? `about ${figure}` : figure;
}

/** What ends a count line whose total is an estimate. */
export const ESTIMATED_TOTAL_NOTE = " (estimated total)";
