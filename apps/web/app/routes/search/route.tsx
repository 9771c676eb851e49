import { categoriesApi, postsApi, SEARCH_PAGE_SIZE, typesApi } from "@broadsheet/domain";
import { useState } from "react";
import { data, useNavigation } from "react-router";
import { callApi, errorMessage } from "../../lib/api.server";
import { publicPageHeaders } from "../../lib/public-page";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/route";
import { FilterPanel } from "./components/filter-panel";
import { SearchResults } from "./components/results";
import { SearchHeader } from "./components/search-header";
import { readQuery } from "./query";

/*
 * /search (docs/product.md#search-page): every choice lives in the query string (query.ts), the
 * loader renders the results on the server, and plain GET forms make it all work without
 * JavaScript.
 */

export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readQuery(new URL(request.url).searchParams);
  const postsQuery = {
    page: query.page,
    limit: SEARCH_PAGE_SIZE,
    sort: query.sort,
    search: query.search || undefined,
    category: query.category || undefined,
    type: query.type || undefined,
  };
  const [postsResult, categoriesResult, typesResult] = await Promise.all([
    callApi(context, postsApi.list, { query: postsQuery }),
    callApi(context, categoriesApi.list),
    callApi(context, typesApi.list),
  ]);
  if (!postsResult.ok) throw data(errorMessage(postsResult), { status: postsResult.status });
  return {
    query,
    results: postsResult.data,
    categories: categoriesResult.ok ? categoriesResult.data : [],
    types: typesResult.ok ? typesResult.data : [],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const search = loaderData?.query.search;
  return [
    { title: search ? `Search results for “${search}” | ${siteNameIn(matches)}` : `Search | ${siteNameIn(matches)}` },
    { name: "description", content: `Search and browse ${siteNameIn(matches)} stories by category, type and date.` },
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results, categories, types } = loaderData;
  const navigation = useNavigation();
  const [showFilters, setShowFilters] = useState(true);

  const busy = navigation.state === "loading" && navigation.location.pathname === "/search";
  const activeCategory = categories.find(
    (category) => category.slug === query.category || category.name.toLowerCase() === query.category.toLowerCase(),
  );
  const typeOptions = activeCategory ? types.filter((type) => type.category === activeCategory.name) : types;
  const activeType = types.find(
    (type) => type.slug === query.type || type.name.toLowerCase() === query.type.toLowerCase(),
  );

  return (
    <div>
      <SearchHeader query={query} showFilters={showFilters} onToggleFilters={() => setShowFilters((shown) => !shown)} />
      <div className={`mt-8 grid gap-8 ${showFilters ? "lg:grid-cols-[16rem_minmax(0,1fr)]" : ""}`}>
        <FilterPanel
          query={query}
          shown={showFilters}
          categories={categories}
          activeCategory={activeCategory}
          typeOptions={typeOptions}
          activeType={activeType}
        />
        <SearchResults
          query={query}
          results={results}
          busy={busy}
          activeCategory={activeCategory}
          activeType={activeType}
        />
      </div>
    </div>
  );
}
