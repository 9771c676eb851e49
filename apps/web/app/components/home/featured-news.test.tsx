import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../testing/render-route";
import { FeaturedNews } from "./featured-news";
import type { CardPost } from "./home-data";

/* Featured News carries Trendy's list; Hot News and Most Read are asked for when first chosen (decision 092). */

const post = (id: string, title: string): CardPost => ({
  _id: id,
  slug: id,
  title,
  image: [],
  createdAt: "2026-05-04T09:00:00.000Z",
  category: "World News",
  categorySlug: "world-news",
});

const TRENDY = [post("t1", "Trending across the city")];

function answerFeeds(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      asked.push(path);
      const answer = answers[path];
      if (!answer) throw new TypeError("Failed to fetch");
      return answer();
    }),
  );
  return asked;
}

async function renderWidget() {
  renderRoute("/", () => <FeaturedNews first={{ ok: true, data: TRENDY }} />);
  const tablist = await screen.findByRole("tablist", { name: "Featured News" });
  return (name: string) => within(tablist).getByRole("tab", { name });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Featured News", () => {
  it("shows Trendy from the page, and asks for Hot News once, when first chosen", async () => {
    const asked = answerFeeds({
      "/api/posts/hot": () => Response.json([post("h1", "The hottest story"), post("h2", "A close second")]),
    });
    const tab = await renderWidget();
    expect(screen.getByRole("tabpanel", { name: "Trendy News" }).textContent).toContain("Trending across the city");
    expect(asked).toEqual([]);

    await userEvent.click(tab("Hot News"));
    const hot = screen.getByRole("tabpanel", { name: "Hot News" });
    expect(await within(hot).findByText("The hottest story")).toBeTruthy();
    expect(within(hot).getAllByRole("listitem")).toHaveLength(2);

    await userEvent.click(tab("Trendy News"));
    await userEvent.click(tab("Hot News"));
    expect(within(screen.getByRole("tabpanel", { name: "Hot News" })).getByText("A close second")).toBeTruthy();
    expect(asked).toEqual(["/api/posts/hot"]);
  });

  it("says a list could not be loaded, and asks again when the tab is chosen again", async () => {
    let fail = true;
    const asked = answerFeeds({
      "/api/posts/most-read": () =>
        fail ? new Response("{}", { status: 503 }) : Response.json([post("m1", "Read by everyone")]),
    });
    const tab = await renderWidget();
    await userEvent.click(tab("Most Read"));
    expect(
      await within(screen.getByRole("tabpanel", { name: "Most Read" })).findByText("Error loading posts!"),
    ).toBeTruthy();

    fail = false;
    await userEvent.click(tab("Trendy News"));
    await userEvent.click(tab("Most Read"));
    expect(
      await within(screen.getByRole("tabpanel", { name: "Most Read" })).findByText("Read by everyone"),
    ).toBeTruthy();
    expect(asked).toEqual(["/api/posts/most-read", "/api/posts/most-read"]);
  });
});
