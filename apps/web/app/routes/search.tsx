import { POST_SORTS, type PostSort, SEARCH_MATCH_LIMIT, SEARCH_PAGE_SIZE } from "@broadsheet/domain";
import { ChevronLeft, ChevronRight, LayoutGrid, List, Search, SlidersHorizontal, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { PostCard } from "../components/post-card";
import { callApi, errorMessage } from "../lib/api.server";
import type { Category, Page, PostSummary, PostType } from "../lib/post-types";
import { publicPageHeaders } from "../lib/public-page";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/search";

export const headers = publicPageHeaders;

/*
 * /search (SPEC.md §2 "Search page"): every choice lives in the query string
 * (?search=&category=&type=&sort=&page=&view=), the loader renders the results on the
 * server, and plain GET forms make it all work without JavaScript.
 */

type View = "grid" | "list";

interface SearchQuery {
  search: string;
  /** A category slug or name; "" means All. */
  category: string;
  /** A type slug or name; "" means All. */
  type: string;
  sort: PostSort;
  page: number;
  view: View;
}

type QueryKey = keyof SearchQuery;

/** The sorts offered on screen; a-z and z-a exist in the data layer only (SPEC.md §2). */
const SORT_OPTIONS: { value: PostSort; label: string }[] = [
  { value: "latest", label: "Latest" },
  { value: "oldest", label: "Oldest" },
];

const DEFAULTS: Record<QueryKey, string> = {
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

function readQuery(params: URLSearchParams): SearchQuery {
  const text = (name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
  const category = text("category", 100);
  const type = text("type", 100);
  const sort = text("sort", 10);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search: text("search", 200),
    category: isAll(category) ? "" : category,
    type: isAll(type) ? "" : type,
    sort: POST_SORTS.includes(sort as PostSort) ? (sort as PostSort) : "latest",
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

/** The query string of a search, leaving out every default so URLs stay short. */
function queryString(entries: Iterable<[string, string]>): string {
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

function searchHref(query: SearchQuery, changes: Partial<SearchQuery>): string {
  const next = { ...query, ...changes };
  return `/search${queryString(Object.entries(next).map(([key, value]) => [key, String(value)]))}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams);
  const api = new URLSearchParams({ page: String(query.page), limit: String(SEARCH_PAGE_SIZE), sort: query.sort });
  if (query.search) api.set("search", query.search);
  if (query.category) api.set("category", query.category);
  if (query.type) api.set("type", query.type);
  const [postsResult, categoriesResult, typesResult] = await Promise.all([
    callApi<Page<PostSummary>>(context, `/api/posts?${api}`),
    callApi<Category[]>(context, "/api/category/getCategories"),
    callApi<PostType[]>(context, "/api/type/getTypes"),
  ]);
  if (!postsResult.ok) throw data(errorMessage(postsResult), { status: postsResult.status });
  return {
    query,
    results: postsResult.data,
    categories: categoriesResult.ok && Array.isArray(categoriesResult.data) ? categoriesResult.data : [],
    types: typesResult.ok && Array.isArray(typesResult.data) ? typesResult.data : [],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const search = loaderData?.query.search;
  return [
    { title: search ? `Search results for “${search}” | Broadsheet` : "Search | Broadsheet" },
    { name: "description", content: "Search and browse Broadsheet stories by category, type and date." },
    { name: "robots", content: "noindex, follow" },
  ];
};

/** Three page numbers around the current page (SPEC.md §9: the pager shows 3 pages). */
/** A search stops counting at SEARCH_MATCH_LIMIT matches: say so rather than give a false total. */
function totalLabel(total: number, search: string): string {
  return search && total >= SEARCH_MATCH_LIMIT ? `${SEARCH_MATCH_LIMIT}+` : String(total);
}

function pageWindow(current: number, total: number): number[] {
  if (total <= 3) return Array.from({ length: total }, (_, index) => index + 1);
  const start = Math.max(1, Math.min(current - 1, total - 2));
  return [start, start + 1, start + 2];
}

/** Hidden copies of the parts of the search a form does not edit itself. */
function Keep({ query, keys }: { query: SearchQuery; keys: QueryKey[] }) {
  return (
    <>
      {keys.map((key) => {
        const value = String(query[key]);
        return value === "" || value === DEFAULTS[key] ? null : (
          <input key={key} type="hidden" name={key} value={value} />
        );
      })}
    </>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results, categories, types } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  // Once hydrated, selects submit on change and the Apply buttons go away.
  const hydrated = useHydrated();
  const [showFilters, setShowFilters] = useState(true);

  const busy = navigation.state === "loading" && navigation.location.pathname === "/search";
  const totalPages = Math.max(1, Math.ceil(results.total / SEARCH_PAGE_SIZE));
  const activeCategory = categories.find(
    (category) => category.slug === query.category || category.name.toLowerCase() === query.category.toLowerCase(),
  );
  const typeOptions = activeCategory ? types.filter((type) => type.category === activeCategory.name) : types;
  const activeType = types.find(
    (type) => type.slug === query.type || type.name.toLowerCase() === query.type.toLowerCase(),
  );

  // With JavaScript, a form becomes a clean URL (defaults left out); the back button walks the searches.
  const submitClean = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    const entries = Array.from(form.entries()).map(([key, value]) => [key, String(value)] as [string, string]);
    navigate(`/search${queryString(entries)}`);
  };
  const submitOnChange = (event: FormEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();

  const first = results.total === 0 ? 0 : (results.page - 1) * SEARCH_PAGE_SIZE + 1;
  const last = Math.min(results.total, results.page * SEARCH_PAGE_SIZE);

  return (
    <div>
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
            <Form method="get" action="/search" onSubmit={submitClean} className="flex">
              <Keep query={query} keys={["category", "type", "sort", "view"]} />
              <label htmlFor="search-posts" className="sr-only">
                Search posts
              </label>
              <div className="relative flex-1">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
                />
                <input
                  key={query.search}
                  id="search-posts"
                  type="search"
                  name="search"
                  defaultValue={query.search}
                  placeholder="Search by title or category"
                  className="w-full rounded-l-lg border border-gray-300 py-2.5 pl-9 pr-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
                />
              </div>
              <button
                type="submit"
                className="rounded-r-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Search
              </button>
            </Form>
          </search>

          <Form method="get" action="/search" onSubmit={submitClean} className="flex items-end gap-2">
            <Keep query={query} keys={["search", "category", "type", "view"]} />
            <div>
              <label
                htmlFor="search-sort"
                className="block text-xs font-semibold uppercase tracking-wide text-gray-600"
              >
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
            {hydrated ? null : (
              <button
                type="submit"
                className="rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold hover:bg-gray-50"
              >
                Apply
              </button>
            )}
          </Form>

          <Form
            method="get"
            action="/search"
            onSubmit={submitClean}
            className="flex rounded-lg border border-gray-300 p-0.5 shadow-sm"
          >
            <Keep query={query} keys={["search", "category", "type", "sort", "page"]} />
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
          </Form>

          <button
            type="button"
            aria-expanded={showFilters}
            aria-controls="search-filters"
            onClick={() => setShowFilters((shown) => !shown)}
            className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-gray-50"
          >
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            {showFilters ? "Hide Filter" : "Show Filter"}
          </button>
        </div>
      </header>

      <div className={`mt-8 grid gap-8 ${showFilters ? "lg:grid-cols-[16rem_minmax(0,1fr)]" : ""}`}>
        <section
          id="search-filters"
          aria-label="Filters"
          hidden={!showFilters}
          className="space-y-6 self-start rounded-xl border border-gray-200 bg-gray-50 p-5 lg:sticky lg:top-24"
        >
          <Form method="get" action="/search" onSubmit={submitClean}>
            <Keep query={query} keys={["search", "sort", "view"]} />
            <fieldset>
              <legend className="text-xs font-bold uppercase tracking-widest text-gray-600">Category</legend>
              <div className="mt-3 flex flex-wrap gap-2">
                {[{ _id: "all", name: "All", slug: "All" }, ...categories].map((category) => {
                  const active = category.slug === "All" ? !query.category : category._id === activeCategory?._id;
                  return (
                    <button
                      key={category._id}
                      type="submit"
                      name="category"
                      value={category.slug}
                      aria-pressed={active}
                      className={`rounded-full border px-3 py-1.5 text-sm font-semibold transition ${
                        active
                          ? "border-brand-600 bg-brand-600 text-white"
                          : "border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700"
                      }`}
                    >
                      {category.name}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          </Form>

          <Form method="get" action="/search" onSubmit={submitClean}>
            <Keep query={query} keys={["search", "category", "sort", "view"]} />
            <label htmlFor="search-type" className="text-xs font-bold uppercase tracking-widest text-gray-600">
              Type
            </label>
            <div className="mt-2 flex gap-2">
              <select
                key={`${query.category}|${query.type}`}
                id="search-type"
                name="type"
                defaultValue={activeType?.slug ?? "All"}
                onChange={submitOnChange}
                className="w-full rounded-lg border border-gray-300 bg-white py-2 pl-3 pr-8 text-sm shadow-sm focus:border-brand-600 focus:outline-none"
              >
                <option value="All">All</option>
                {typeOptions.map((type) => (
                  <option key={type._id} value={type.slug}>
                    {type.name}
                  </option>
                ))}
              </select>
              {hydrated ? null : (
                <button
                  type="submit"
                  className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-gray-100"
                >
                  Apply
                </button>
              )}
            </div>
          </Form>

          <Form method="get" action="/search" onSubmit={submitClean}>
            <Keep query={query} keys={["view"]} />
            <button
              type="submit"
              className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700"
            >
              <X aria-hidden="true" className="h-4 w-4" />
              Clear Filter
            </button>
          </Form>
        </section>

        <section aria-labelledby="results-heading" aria-busy={busy} className={busy ? "opacity-60 transition" : ""}>
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <p className="text-sm text-gray-600" aria-live="polite">
            {results.total === 0
              ? "0 posts"
              : `Showing ${first}–${last} of ${totalLabel(results.total, query.search)} ${results.total === 1 ? "post" : "posts"}`}
            {activeCategory ? ` in ${activeCategory.name}` : ""}
            {activeType ? ` · ${activeType.name}` : ""}
          </p>

          {results.items.length === 0 ? (
            <div className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center">
              <p className="font-serif text-2xl font-bold text-ink">No post found...</p>
              <p className="mt-2 text-sm text-gray-600">Try another search or clear the filters.</p>
            </div>
          ) : query.view === "list" ? (
            <ul className="mt-4 space-y-4" data-view="list">
              {results.items.map((post, index) => (
                <li key={post._id}>
                  <PostCard post={post} layout="list" eager={index < 2} />
                </li>
              ))}
            </ul>
          ) : (
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3" data-view="grid">
              {results.items.map((post, index) => (
                <li key={post._id} className="flex">
                  <div className="flex w-full flex-col [&>article]:flex-1">
                    <PostCard post={post} eager={index < 3} />
                  </div>
                </li>
              ))}
            </ul>
          )}

          {results.total > SEARCH_PAGE_SIZE ? (
            <Pager query={query} current={results.page} totalPages={totalPages} />
          ) : null}
        </section>
      </div>
    </div>
  );
}

function Pager({ query, current, totalPages }: { query: SearchQuery; current: number; totalPages: number }) {
  const base =
    "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold transition";
  const idle = `${base} border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700`;
  const disabled = `${base} cursor-not-allowed border-gray-200 bg-gray-50 text-gray-500`;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {current > 1 ? (
        <Link to={searchHref(query, { page: current - 1 })} rel="prev" className={idle}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Prev
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Prev
        </span>
      )}
      {pageWindow(current, totalPages).map((page) =>
        page === current ? (
          <Link
            key={page}
            to={searchHref(query, { page })}
            aria-current="page"
            className={`${base} border-brand-600 bg-brand-600 text-white`}
          >
            {page}
          </Link>
        ) : (
          <Link key={page} to={searchHref(query, { page })} className={idle}>
            {page}
          </Link>
        ),
      )}
      {current < totalPages ? (
        <Link to={searchHref(query, { page: current + 1 })} rel="next" className={idle}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </span>
      )}
    </nav>
  );
}
