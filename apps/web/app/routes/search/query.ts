import { POST_SORTS, type PostSort } from "@broadsheet/domain";
import { pageParam } from "../../lib/paging";

/*
 * /search keeps every choice in the query string (?search=&category=&type=&sort=&page=&view=),
 * leaving the defaults out so URLs stay short.
 */

export type View = "grid" | "list";

export interface SearchQuery {
  search: string;
  /** A category slug or name; "" means All. */
  category: string;
  /** A type slug or name; "" means All. */
  type: string;
  sort: PostSort;
  page: number;
  view: View;
}

export type QueryKey = keyof SearchQuery;

export const DEFAULTS: Record<QueryKey, string> = {
  search: "",
  category: "",
  type: "",
  sort: "latest",
  page: "1",
  view: "grid",
};

function isAll(value: string): boolean {
  return value === "" || value.toLowerCase() === "all";
}

export function readQuery(params: URLSearchParams): SearchQuery {
  const text = (name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
  const category = text("category", 100);
  const type = text("type", 100);
  const sort = text("sort", 10);
  return {
    search: text("search", 200),
    category: isAll(category) ? "" : category,
    type: isAll(type) ? "" : type,
    sort: POST_SORTS.includes(sort as PostSort) ? (sort as PostSort) : "latest",
    page: pageParam(params),
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/** The query string of a search, leaving out every default. */
export function queryString(entries: Iterable<[string, string]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) {
    const trimmed = value.trim();
    if (!(key in DEFAULTS)) continue;
    if ((key === "category" || key === "type") && isAll(trimmed)) params.delete(key);
    else if (trimmed === "" || trimmed === DEFAULTS[key as QueryKey]) params.delete(key);
    else params.set(key, trimmed);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function searchHref(query: SearchQuery, changes: Partial<SearchQuery>): string {
  const next = { ...query, ...changes };
  return `/search${queryString(Object.entries(next).map(([key, value]) => [key, String(value)]))}`;
}
