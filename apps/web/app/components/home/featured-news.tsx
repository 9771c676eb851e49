import { postPath, shortenText } from "@broadsheet/domain";
import { type KeyboardEvent, useId, useReducer, useRef, useState } from "react";
import { PageLink } from "../page-link";
import { type CardPost, type Loaded, POSTS_LOAD_FAILED } from "./home-data";
import { CardDate, CoverImage, SectionHeading } from "./parts";

export type FeaturedTab = "hot" | "trendy" | "mostRead";
const TABS: { key: FeaturedTab; label: string }[] = [
  { key: "hot", label: "Hot News" },
  { key: "trendy", label: "Trendy News" },
  { key: "mostRead", label: "Most Read" },
];
/** The tab shown first, the only one whose list the page carries. */
export const FEATURED_FIRST_TAB = "trendy" satisfies FeaturedTab;
/** A tab's list: being fetched, or fetched (its posts or its error). */
type Feed = "loading" | Loaded<CardPost[]>;
// feedsApi's paths, written out: importing the endpoints would bring zod onto the page (decision 025).
const FEED_PATHS: Record<FeaturedTab, string> = {
  hot: "/api/posts/hot",
  trendy: "/api/posts/trendy",
  mostRead: "/api/posts/most-read",
};
const TITLE_MAX = 70;

/** A small side-list row: thumbnail, title and card date. Shared with In Case You Missed It. */
export function SidePostItem({ post, rank }: { post: CardPost; rank?: number }) {
  return (
    <article className="group flex gap-3">
      <PageLink
        to={postPath(post.slug)}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block h-16 w-20 shrink-0 overflow-hidden rounded bg-gray-100"
      >
        <CoverImage src={post.image[0]} sizes="80px" className="transition duration-500 group-hover:scale-105" />
        {rank ? (
          <span className="absolute left-0 top-0 bg-ink px-1.5 text-xs font-black text-white">{rank}</span>
        ) : null}
      </PageLink>
      <div className="min-w-0">
        <h3 className="font-serif text-sm font-bold leading-snug text-ink">
          <PageLink to={postPath(post.slug)} title={post.title} className="hover:text-brand-700 hover:underline">
            {shortenText(post.title, TITLE_MAX)}
          </PageLink>
        </h3>
        <CardDate value={post.createdAt} className="mt-1 block text-xs text-gray-600" />
      </div>
    </article>
  );
}

/**
 * The Featured News widget (docs/product.md#home): an ARIA tablist of Hot News, Trendy News
 * and Most Read, one panel at a time, Trendy first (so also the one shown without
 * JavaScript). Arrow keys, Home and End move between tabs. Only the shown panel holds its
 * list, and the page carries only Trendy's: the others are asked for when first chosen
 * (they were 10 posts more to lay out, hydrate and carry on every home page).
 */
export function FeaturedNews({ first }: { first: Loaded<CardPost[]> }) {
  const [active, setActive] = useState<FeaturedTab>(FEATURED_FIRST_TAB);
  const [others, setFeed] = useReducer(
    (current: Partial<Record<FeaturedTab, Feed>>, [key, feed]: [FeaturedTab, Feed]) => ({ ...current, [key]: feed }),
    {},
  );
  const tabRefs = useRef(new Map<FeaturedTab, HTMLButtonElement>());
  const base = useId();
  const feedOf = (key: FeaturedTab) => (key === FEATURED_FIRST_TAB ? first : others[key]);

  // A click's update renders before the next click is handled, so a second quick click sees "loading".
  const load = (key: FeaturedTab) => {
    const feed = feedOf(key);
    if (feed === "loading" || feed?.ok) return;
    setFeed([key, "loading"]);
    void loadFeed(FEED_PATHS[key]).then((loaded) => setFeed([key, loaded]));
  };

  const select = (key: FeaturedTab, focus: boolean) => {
    setActive(key);
    load(key);
    if (focus) tabRefs.current.get(key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const tab = target === null ? undefined : TABS[target];
    if (!tab) return;
    event.preventDefault();
    select(tab.key, true);
  };

  return (
    <section aria-labelledby="featured-heading" className="below-the-fold min-w-0 [--unshown-height:490px]">
      <SectionHeading id="featured-heading">Featured News</SectionHeading>
      <div role="tablist" aria-label="Featured News" className="grid grid-cols-3 border-b-2 border-gray-200">
        {TABS.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.key, false)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-0.5 border-b-2 px-1 py-2 text-xs font-bold uppercase tracking-wide transition sm:text-[0.8rem] ${
                selected ? "border-brand-600 text-brand-700" : "border-transparent text-gray-600 hover:text-ink"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {TABS.map((tab) => {
        const feed = feedOf(tab.key) ?? "loading";
        const posts = feed !== "loading" && feed.ok ? feed.data : [];
        return (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${base}-panel-${tab.key}`}
            aria-labelledby={`${base}-tab-${tab.key}`}
            hidden={tab.key !== active}
            className="pt-4"
          >
            {tab.key !== active ? null : feed === "loading" ? (
              <p className="py-4 text-sm text-gray-600" role="status">
                Loading…
              </p>
            ) : !feed.ok ? (
              <p className="py-4 text-sm text-gray-600">{feed.message}</p>
            ) : posts.length === 0 ? (
              <p className="py-4 text-sm text-gray-600">No posts yet.</p>
            ) : (
              <ol className="flex flex-col gap-4">
                {posts.map((post, index) => (
                  <li key={post._id}>
                    <SidePostItem post={post} rank={index + 1} />
                  </li>
                ))}
              </ol>
            )}
          </div>
        );
      })}
    </section>
  );
}

/** A feed's posts, or the error state: never throws. */
async function loadFeed(path: string): Promise<Loaded<CardPost[]>> {
  try {
    const response = await fetch(path, { headers: { accept: "application/json" } });
    const posts: unknown = response.ok ? await response.json() : null;
    return Array.isArray(posts) ? { ok: true, data: posts as CardPost[] } : { ok: false, message: POSTS_LOAD_FAILED };
  } catch {
    return { ok: false, message: POSTS_LOAD_FAILED };
  }
}
