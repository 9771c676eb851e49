import {
  ADVERT_TOP_LIMIT,
  CAROUSEL_SIZE,
  CATEGORY_BLOCK_SIZE,
  type HomeJson,
  homeApi,
  type PostCategory,
  WIDGET_SIZE,
} from "@broadsheet/domain";
import { type ComponentProps, Suspense } from "react";
import type { AppLoadContext, ShouldRevalidateFunction } from "react-router";
import { AdvertHeader } from "../components/home/advert-header";
import { AudioVideo } from "../components/home/audio-video";
import { PostCarousel } from "../components/home/carousel";
import { CategoryBlock, categoryPagePath } from "../components/home/category-block";
import { FEATURED_FIRST_TAB, FeaturedNews } from "../components/home/featured-news";
import {
  BLOCK_FIELDS,
  type BlockPost,
  blockItems,
  CARD_FIELDS,
  type CardPost,
  type Loaded,
  POSTS_LOAD_FAILED,
  postFields,
  VIDEO_FIELDS,
  type VideoPost,
} from "../components/home/home-data";
import { Icymi } from "../components/home/icymi";
import { Mosaic } from "../components/home/mosaic";
import { NewsUpdate } from "../components/home/news-update";
import { PollBlock } from "../components/home/poll";
import { WebSiteJsonLd } from "../components/json-ld";
import { SignupForm } from "../components/newsletters/signup-form";
import { type KeptPart, ServerHtml } from "../components/server-html";
import { callApi, errorMessage } from "../lib/api.server";
import { keptPart } from "../lib/kept-parts.server";
import type { PostSummary } from "../lib/post-types";
import { publicPageHeaders } from "../lib/public-page";
import { HOUR_MS, renderTime } from "../lib/render-time";
import { rootDataIn } from "../lib/root-data";
import { defaultShareImageTags, siteNameIn, twitterSiteTags } from "../lib/site";
import type { ViewerTargets } from "../lib/viewer-state";
import type { Route } from "./+types/home";
import { READER_ACTIONS_PATH } from "./reader-actions/action-form";

export const headers = publicPageHeaders;

/** The first part of the page below the first screen: the mosaic and all above it come first. */
const FIRST_BELOW_THE_FOLD = "latest-news";

/* The parts that hydration keeps as the server rendered them (decisions 036, 040). */
const MASTHEAD_ID = "part-masthead";
const NEWS_UPDATE_ID = "part-news-update";
const MOSAIC_ID = "part-mosaic";
const ICYMI_ID = "part-icymi";

/*
 * The browser paints nothing until the first screen's HTML is parsed: painting after every
 * chunk of the 200 KB page relaid the first screen out several times, in tasks long enough to
 * block input (docs/reader-experience.md). Below the first screen, parts render as they near
 * the viewport (decision 029). Decision 031.
 */
export const links: Route.LinksFunction = () => [
  { rel: "expect", href: `#${FIRST_BELOW_THE_FOLD}`, blocking: "render" },
];

const ids = (block: Loaded<{ _id: string }[]>) => blockItems(block).map((post) => post._id);

/** What a reader may have marked here: the carousels' Read Later, World News likes and the poll. */
export const handle = {
  viewerTargets: (data: Awaited<ReturnType<typeof loader>>): ViewerTargets => ({
    posts: [...ids(data.latest), ...ids(data.jobs), ...ids(data.blocks.worldNews)],
    polls: data.poll.ok && data.poll.data ? [data.poll.data._id] : [],
  }),
};

const DESCRIPTION =
  "World news, national stories, technology, travel, business and sport from Broadsheet: the latest headlines, video and long reads.";

/* Title cuts per block (docs/product.md#home). */
const TITLE_CUT_WIDE = 90;
const TITLE_CUT_NARROW = 50;

// ---------------------------------------------------------------------------------------
// Loading: one call (GET /api/home) answers every block; if it fails, each block shows its
// error state.

const loaded = <T,>(data: T): Loaded<T> => ({ ok: true, data });

const cards = (posts: PostSummary[]): CardPost[] => posts.map((post) => postFields(post, CARD_FIELDS));

/** The Audio Video posts with their `link` (the video to play), only when it is https. */
function videoPosts(posts: PostSummary[]): VideoPost[] {
  return posts.slice(0, CATEGORY_BLOCK_SIZE).map((post) => {
    const link = post.link.trim();
    return { ...postFields(post, VIDEO_FIELDS), link: /^https:\/\//i.test(link) ? link : "" };
  });
}

async function loadHome(context: AppLoadContext): Promise<Loaded<HomeJson>> {
  try {
    const result = await callApi(context, homeApi.get);
    if (!result.ok) return { ok: false, message: errorMessage(result) };
    return loaded(result.data);
  } catch {
    return { ok: false, message: POSTS_LOAD_FAILED };
  }
}

/** The id of a category block that hydration keeps (decision 036): the loader and the page both name it. */
const staticBlockId = (category: PostCategory) => `part-${category.toLowerCase()}`;

export async function loader({ context, request }: Route.LoaderArgs) {
  const video = Number.parseInt(new URL(request.url).searchParams.get("video") ?? "", 10);
  const home = await loadHome(context);
  const pick = <T,>(from: (answer: HomeJson) => T): Loaded<T> => (home.ok ? loaded(from(home.data)) : home);
  const list = (from: (answer: HomeJson) => PostSummary[], size: number) =>
    pick((answer) => cards(from(answer).slice(0, size)));
  const block = (category: PostCategory) =>
    pick((answer) =>
      (answer.byCategory[category] ?? []).slice(0, CATEGORY_BLOCK_SIZE).map((post) => postFields(post, BLOCK_FIELDS)),
    );
  // Parts without state or handlers: a document carries only their versions (decision 040).
  const staticBlock = (category: PostCategory, posts = block(category)): KeptPart<Loaded<BlockPost[]>> =>
    keptPart(context, staticBlockId(category), posts);

  const worldNews = block("World News");
  const national = block("National");
  const travel = block("Travel");
  const entertainment = block("Entertainment");
  // The mosaic: the latest World News, Travel, Entertainment and National post, one each.
  const mosaic = [worldNews, travel, entertainment, national]
    .map((posts) => blockItems(posts)[0])
    .filter((post): post is BlockPost => post !== undefined);

  return {
    masthead: keptPart(context, MASTHEAD_ID, {
      adverts: pick((answer) => answer.advertsTop.slice(0, ADVERT_TOP_LIMIT)),
      // Only the month shows: to the hour, as the root loader's.
      now: renderTime(HOUR_MS),
    }),
    newsUpdate: keptPart(context, NEWS_UPDATE_ID, blockItems(worldNews)[0] ?? null),
    mosaic: keptPart(context, MOSAIC_ID, mosaic),
    shareImage: mosaic[0]?.image[0] ?? null,
    latest: list((answer) => answer.latest, CAROUSEL_SIZE),
    jobs: list((answer) => answer.byCategory.Jobs ?? [], CAROUSEL_SIZE),
    blocks: {
      worldNews,
      national: staticBlock("National", national),
      technology: staticBlock("Technology"),
      travel: staticBlock("Travel", travel),
      business: staticBlock("Business"),
      sports: staticBlock("Sports"),
      healthCare: staticBlock("HealthCare"),
      entertainment: staticBlock("Entertainment", entertainment),
    },
    audioVideo: pick((answer) => videoPosts(answer.byCategory["Audio Video"] ?? [])),
    video: Number.isInteger(video) ? video : 0,
    featured: list((answer) => answer[FEATURED_FIRST_TAB], WIDGET_SIZE),
    icymi: keptPart(
      context,
      ICYMI_ID,
      list((answer) => answer.icymi, WIDGET_SIZE),
    ),
    poll: pick((answer) => answer.poll),
  };
}

/** Likes, Read Later and votes (posted to /reader-actions) update their own block; the rest of the page stays as loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === READER_ACTIONS_PATH ? false : defaultShouldRevalidate;

// ---------------------------------------------------------------------------------------

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = rootDataIn(matches)?.site;
  const base = site?.publicUrl?.replace(/\/+$/, "") ?? "";
  const TITLE = site?.tagline ? `${site.siteName}: ${site.tagline}` : siteNameIn(matches);
  const image = data?.shareImage;
  const tags: ReturnType<Route.MetaFunction> = [
    { title: TITLE },
    { name: "description", content: DESCRIPTION },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site?.siteName ?? siteNameIn(matches) },
    { property: "og:title", content: TITLE },
    { property: "og:description", content: DESCRIPTION },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: TITLE },
    { name: "twitter:description", content: DESCRIPTION },
    ...twitterSiteTags(matches),
  ];
  if (base) {
    tags.push({ property: "og:url", content: `${base}/` }, { tagName: "link", rel: "canonical", href: `${base}/` });
  }
  if (image) {
    const absolute = /^https?:\/\//.test(image) ? image : `${base}${image}`;
    tags.push({ property: "og:image", content: absolute }, { name: "twitter:image", content: absolute });
  } else {
    tags.push(...defaultShareImageTags(matches));
  }
  return tags;
};

/** A category block without like buttons: nothing in it to hydrate (decision 036). */
function StaticBlock({
  part,
  ...props
}: Omit<ComponentProps<typeof CategoryBlock>, "likeable" | "posts" | "category"> & {
  category: PostCategory;
  part: KeptPart<Loaded<BlockPost[]>>;
}) {
  return (
    <ServerHtml id={staticBlockId(props.category)} part={part} className="min-w-0">
      {(posts) => <CategoryBlock {...props} posts={posts} />}
    </ServerHtml>
  );
}

/*
 * Each block below the mosaic is its own Suspense boundary: React hydrates and commits the
 * boundaries one by one, so hydration is a series of short tasks instead of one long commit
 * that blocks the main thread (nothing suspends: the server sends every block complete).
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  return (
    <div className="pb-4">
      <WebSiteJsonLd />
      {/* The masthead, news strip and mosaic have nothing to do in the browser: hydration keeps their HTML (decision 036). */}
      <ServerHtml id={MASTHEAD_ID} part={loaderData.masthead}>
        {({ adverts, now }) => <AdvertHeader adverts={adverts} now={now} />}
      </ServerHtml>
      <ServerHtml id={NEWS_UPDATE_ID} part={loaderData.newsUpdate} className="mt-4">
        {(post) => <NewsUpdate post={post ?? undefined} />}
      </ServerHtml>
      <ServerHtml id={MOSAIC_ID} part={loaderData.mosaic}>
        {(posts) => <Mosaic posts={posts} />}
      </ServerHtml>

      <Suspense>
        <PostCarousel
          id={FIRST_BELOW_THE_FOLD}
          title="Latest News"
          posts={blockItems(loaderData.latest)}
          failed={!loaderData.latest.ok}
          more={{ to: "/search", label: "All news" }}
        />
      </Suspense>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-12">
          <div className="grid gap-10 md:grid-cols-2">
            <Suspense>
              <CategoryBlock category="World News" posts={blocks.worldNews} titleMax={TITLE_CUT_WIDE} likeable />
            </Suspense>
            <Suspense>
              <StaticBlock category="National" part={blocks.national} titleMax={TITLE_CUT_WIDE} />
            </Suspense>
          </div>
          <div className="grid gap-10 md:grid-cols-2">
            <Suspense>
              <StaticBlock category="Technology" part={blocks.technology} titleMax={TITLE_CUT_NARROW} />
            </Suspense>
            <Suspense>
              <StaticBlock category="Travel" part={blocks.travel} titleMax={TITLE_CUT_NARROW} />
            </Suspense>
          </div>
        </div>
        <aside aria-label="Featured, poll and highlights" className="flex min-w-0 flex-col gap-12">
          <Suspense>
            <FeaturedNews first={loaderData.featured} />
          </Suspense>
          <Suspense>
            <PollBlock poll={loaderData.poll} />
          </Suspense>
          <Suspense>
            <SignupForm form="home" />
          </Suspense>
          <Suspense>
            <ServerHtml id={ICYMI_ID} part={loaderData.icymi} className="min-w-0">
              {(posts) => <Icymi posts={posts} />}
            </ServerHtml>
          </Suspense>
        </aside>
      </div>

      <div className="below-the-fold mt-12">
        <Suspense>
          <AudioVideo videos={loaderData.audioVideo} initial={loaderData.video} />
        </Suspense>
      </div>

      <Suspense>
        <PostCarousel
          id="jobs"
          title="Jobs"
          posts={blockItems(loaderData.jobs)}
          failed={!loaderData.jobs.ok}
          more={{ to: categoryPagePath("Jobs", blockItems(loaderData.jobs)), label: "All jobs" }}
        />
      </Suspense>

      <div className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <Suspense>
          <StaticBlock category="Business" part={blocks.business} titleMax={TITLE_CUT_NARROW} variant="compact" />
        </Suspense>
        <Suspense>
          <StaticBlock category="Sports" part={blocks.sports} titleMax={TITLE_CUT_NARROW} variant="compact" />
        </Suspense>
        <Suspense>
          <StaticBlock category="HealthCare" part={blocks.healthCare} titleMax={TITLE_CUT_NARROW} variant="compact" />
        </Suspense>
        <Suspense>
          <StaticBlock
            category="Entertainment"
            part={blocks.entertainment}
            titleMax={TITLE_CUT_NARROW}
            variant="compact"
          />
        </Suspense>
      </div>
    </div>
  );
}
