import type { PostSort } from "@broadsheet/domain";
import { LayoutGrid, List, SlidersHorizontal } from "lucide-react";
import { SearchInput } from "../../../components/search-input";
import type { SearchQuery } from "../query";
import { QueryForm, submitOnChange } from "./query-form";

/** The sorts offered on screen; a-z and z-a exist in the API only (docs/product.md#search-page). */
const SORT_OPTIONS: { value: PostSort; label: string }[] = [
  { value: "latest", label: "Latest" },
  { value: "oldest", label: "Oldest" },
];

/** The heading, the search box, Sort, the grid/list switch and the filter panel's toggle. */
export function SearchHeader({
  query,
  showFilters,
  onToggleFilters,
}: {
  query: SearchQuery;
  showFilters: boolean;
  onToggleFilters: () => void;
}) {
  return (
    <header className="border-b border-gray-200 pb-6">
      <p className="text-xs font-bold uppercase tracking-widest text-brand-600">Explore</p>
      <h1 className="mt-1 font-serif text-3xl font-bold tracking-tight text-ink md:text-4xl">
        {query.search ? (
          <>
            Results for <span className="text-brand-700">“{query.search}”</span>
          </>
        ) : (
          "Search the archive"
        )}
      </h1>

      <div className="mt-5 flex flex-wrap items-end gap-3">
        <search className="min-w-64 flex-1">
          <QueryForm query={query} keep={["category", "type", "sort", "view"]} className="flex">
            <SearchInput
              key={query.search}
              id="search-posts"
              label="Search posts"
              defaultValue={query.search}
              placeholder="Search by title or category"
              className="w-full rounded-l-lg border border-gray-300 py-2.5 pl-9 pr-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
            />
            <button
              type="submit"
              className="rounded-r-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Search
            </button>
          </QueryForm>
        </search>

        <QueryForm query={query} keep={["search", "category", "type", "view"]} className="flex items-end gap-2">
          <div>
            <label htmlFor="search-sort" className="block text-xs font-semibold uppercase tracking-wide text-gray-600">
              Sort
            </label>
            <select
              key={query.sort}
              id="search-sort"
              name="sort"
              defaultValue={query.sort}
              onChange={submitOnChange}
              className="mt-1 rounded-lg border border-gray-300 bg-white py-2 pl-3 pr-8 text-sm shadow-sm focus:border-brand-600 focus:outline-none"
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {SORT_OPTIONS.some((option) => option.value === query.sort) ? null : (
                <option value={query.sort}>{query.sort.toUpperCase()}</option>
              )}
            </select>
          </div>
          {/* Only without scripts: hydration then removes nothing, and nothing below it moves. */}
          <noscript>
            <button
              type="submit"
              className="rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold hover:bg-gray-50"
            >
              Apply
            </button>
          </noscript>
        </QueryForm>

        <QueryForm
          query={query}
          keep={["search", "category", "type", "sort", "page"]}
          className="flex rounded-lg border border-gray-300 p-0.5 shadow-sm"
        >
          {(["grid", "list"] as const).map((view) => (
            <button
              key={view}
              type="submit"
              name="view"
              value={view}
              aria-label={view === "grid" ? "Grid view" : "List view"}
              aria-pressed={query.view === view}
              className={`rounded-md p-2 ${
                query.view === view ? "bg-ink text-white" : "text-gray-600 hover:bg-gray-100 hover:text-ink"
              }`}
            >
              {view === "grid" ? (
                <LayoutGrid aria-hidden="true" className="h-4 w-4" />
              ) : (
                <List aria-hidden="true" className="h-4 w-4" />
              )}
            </button>
          ))}
        </QueryForm>

        <button
          type="button"
          aria-expanded={showFilters}
          aria-controls="search-filters"
          onClick={onToggleFilters}
          className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-gray-50"
        >
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          {showFilters ? "Hide Filter" : "Show Filter"}
        </button>
      </div>
    </header>
  );
}
