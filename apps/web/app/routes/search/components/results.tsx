import { SEARCH_PAGE_SIZE } from "@broadsheet/domain";
import { PostCard } from "../../../components/post-card";
import { Pager } from "../../../components/ui";
import { ESTIMATED_TOTAL_NOTE, totalLabel } from "../../../lib/paging";
import type { Category, Page, PostSummary, PostType } from "../../../lib/post-types";
import { type SearchQuery, searchHref } from "../query";

/** The count line, the posts as a grid or a list, and the pager. */
export function SearchResults({
  query,
  results,
  busy,
  activeCategory,
  activeType,
}: {
  query: SearchQuery;
  results: Page<PostSummary> & { totalIsEstimate?: boolean };
  busy: boolean;
  activeCategory: Category | undefined;
  activeType: PostType | undefined;
}) {
  const first = results.total === 0 ? 0 : (results.page - 1) * SEARCH_PAGE_SIZE + 1;
  const last = Math.min(results.total, results.page * SEARCH_PAGE_SIZE);
  return (
    <section aria-labelledby="results-heading" aria-busy={busy} className={busy ? "opacity-60 transition" : ""}>
      <h2 id="results-heading" className="sr-only">
        Results
      </h2>
      <p className="text-sm text-gray-600" aria-live="polite">
        {results.total === 0
          ? "0 posts"
          : `Showing ${first}–${last} of ${totalLabel(results.total, results.totalIsEstimate === true)} ${results.total === 1 ? "post" : "posts"}`}
        {activeCategory ? ` in ${activeCategory.name}` : ""}
        {activeType ? ` · ${activeType.name}` : ""}
        {results.total > 0 && results.totalIsEstimate ? ESTIMATED_TOTAL_NOTE : ""}
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

      <Pager
        look="reader"
        page={results.page}
        total={results.total}
        limit={SEARCH_PAGE_SIZE}
        hrefFor={(page) => searchHref(query, { page })}
      />
    </section>
  );
}
