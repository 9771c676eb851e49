import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SearchResults } from "./results";

const query = { search: "budget", category: "", type: "", sort: "latest", page: 1, view: "grid" } as const;

function countLine(total: number, totalIsEstimate: boolean): string {
  const html = renderToString(
    <MemoryRouter>
      <SearchResults
        query={query}
        results={{ items: [], total, page: 1, limit: 9, totalIsEstimate }}
        busy={false}
        activeCategory={undefined}
        activeType={undefined}
      />
    </MemoryRouter>,
  );
  return (html.match(/<p class="text-sm text-gray-600" aria-live="polite">(.*?)<\/p>/)?.[1] ?? "").replace(
    /<!-- -->/g,
    "",
  );
}

describe("the search results' count", () => {
  it("labels an estimated total as one", () => {
    expect(countLine(12_345, true)).toBe("Showing 1–9 of about 12,345 posts (estimated total)");
  });

  it("gives an exact total as it is", () => {
    expect(countLine(1_001, false)).toBe("Showing 1–9 of 1,001 posts");
  });
});
