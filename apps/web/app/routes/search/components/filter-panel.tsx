import { X } from "lucide-react";
import type { Category, PostType } from "../../../lib/post-types";
import type { SearchQuery } from "../query";
import { QueryForm, submitOnChange } from "./query-form";

/** Category buttons, the Type select (the chosen category's types) and Clear Filter. */
export function FilterPanel({
  query,
  shown,
  categories,
  activeCategory,
  typeOptions,
  activeType,
}: {
  query: SearchQuery;
  shown: boolean;
  categories: Category[];
  activeCategory: Category | undefined;
  typeOptions: PostType[];
  activeType: PostType | undefined;
}) {
  return (
    <section
      id="search-filters"
      aria-label="Filters"
      hidden={!shown}
      className="space-y-6 self-start rounded-xl border border-gray-200 bg-gray-50 p-5 lg:sticky lg:top-24"
    >
      <QueryForm query={query} keep={["search", "sort", "view"]}>
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
      </QueryForm>

      <QueryForm query={query} keep={["search", "category", "sort", "view"]}>
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
          {/* Only without scripts: hydration then removes nothing, and nothing below it moves. */}
          <noscript>
            <button
              type="submit"
              className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-gray-100"
            >
              Apply
            </button>
          </noscript>
        </div>
      </QueryForm>

      <QueryForm query={query} keep={["view"]}>
        <button
          type="submit"
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700"
        >
          <X aria-hidden="true" className="h-4 w-4" />
          Clear Filter
        </button>
      </QueryForm>
    </section>
  );
}
