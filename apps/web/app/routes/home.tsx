import {
  ADVERT_TOP_LIMIT,
  CAROUSEL_SIZE,
  CATEGORY_BLOCK_SIZE,
  type SiteSettings,
  WIDGET_SIZE,
} from "@broadsheet/domain";
import { type AppLoadContext, redirect, type ShouldRevalidateFunction } from "react-router";
import { AdvertHeader } from "../components/home/advert-header";
import { AudioVideo } from "../components/home/audio-video";
import { PostCarousel } from "../components/home/carousel";
import { CategoryBlock, categorySearchPath } from "../components/home/category-block";
import { FeaturedNews } from "../components/home/featured-news";
import {
  type Advert,
  blockItems,
  type HomeActionResult,
  LOGIN_FROM_HOME,
  type Loaded,
  type Poll,
  type VideoPost,
} from "../components/home/home-data";
import { Icymi } from "../components/home/icymi";
import { Mosaic } from "../components/home/mosaic";
import { NewsUpdate } from "../components/home/news-update";
import { PollBlock } from "../components/home/poll";
import { callApi, errorMessage } from "../lib/api.server";
import type { Page, PostSummary } from "../lib/post-types";
import type { Route } from "./+types/home";

const TITLE = "Broadsheet: news, analysis and long reads";
const DESCRIPTION =
  "World news, national stories, technology, travel, business and sport from Broadsheet: the latest headlines, video and long reads.";
const LOAD_FAILED = "Error loading posts!";

/* Title cuts of SPEC.md §9 per block. */
const TITLE_CUT_WIDE = 90;
const TITLE_CUT_NARROW = 50;

// ---------------------------------------------------------------------------------------
// Loading: every block on its own, all at once; a failed call fails only its block.

async function get<T>(context: AppLoadContext, path: string, isValid: (data: unknown) => boolean): Promise<Loaded<T>> {
  try {
    const result = await callApi<T>(context, path);
    if (!result.ok) return { ok: false, message: errorMessage(result) };
    if (!isValid(result.data)) return { ok: false, message: LOAD_FAILED };
    return { ok: true, data: result.data };
  } catch {
    return { ok: false, message: LOAD_FAILED };
  }
}

const hasItems = (data: unknown) => Array.isArray((data as { items?: unknown } | null)?.items);

/** A summary with only what the page shows: the loader data travels in the HTML for hydration. */
function slim(post: PostSummary): PostSummary {
  return {
    _id: post._id,
    slug: post.slug,
    title: post.title,
    link: post.link,
    author: post.author,
    createdAt: post.createdAt,
    category: post.category,
    type: post.type,
    image: Array.isArray(post.image) ? post.image.slice(0, 1) : [],
    views: post.views,
    likeCount: post.likeCount,
    commentCount: post.commentCount,
    minuteRead: post.minuteRead,
    isPublished: post.isPublished,
    likedByMe: post.likedByMe,
    inReadLater: post.inReadLater,
  };
}

async function listPosts(context: AppLoadContext, limit: number, category?: string): Promise<Loaded<PostSummary[]>> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (category) query.set("category", category);
  const page = await get<Page<PostSummary>>(context, `/api/posts?${query}`, hasItems);
  return page.ok ? { ok: true, data: page.data.items.slice(0, limit).map(slim) } : page;
}

async function feed(context: AppLoadContext, name: string): Promise<Loaded<PostSummary[]>> {
  const posts = await get<PostSummary[]>(context, `/api/posts/${name}`, Array.isArray);
  return posts.ok ? { ok: true, data: posts.data.slice(0, WIDGET_SIZE).map(slim) } : posts;
}

/** The first 4 Audio Video posts with their `link` (the video to play). */
async function videos(context: AppLoadContext): Promise<Loaded<VideoPost[]>> {
  const query = new URLSearchParams({ limit: String(CATEGORY_BLOCK_SIZE), category: "Audio Video" });
  const page = await get<Page<PostSummary>>(context, `/api/posts?${query}`, hasItems);
  if (!page.ok) return page;
  return {
    ok: true,
    data: page.data.items.slice(0, CATEGORY_BLOCK_SIZE).map((post) => {
      const link = post.link.trim();
      return { ...slim(post), link: /^https:\/\//i.test(link) ? link : "" };
    }),
  };
}

async function adverts(context: AppLoadContext): Promise<Loaded<Advert[]>> {
  const query = new URLSearchParams({ category: "Advert Top", limit: String(ADVERT_TOP_LIMIT) });
  const page = await get<Page<Advert>>(context, `/api/adverts?${query}`, hasItems);
  return page.ok ? { ok: true, data: page.data.items.slice(0, ADVERT_TOP_LIMIT) } : page;
}

async function latestPoll(context: AppLoadContext): Promise<Loaded<Poll | null>> {
  const page = await get<Page<Poll>>(context, "/api/votes?limit=1", hasItems);
  return page.ok ? { ok: true, data: page.data.items[0] ?? null } : page;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const video = Number.parseInt(new URL(request.url).searchParams.get("video") ?? "", 10);
  const block = (category: string) => listPosts(context, CATEGORY_BLOCK_SIZE, category);
  const [
    latest,
    jobs,
    worldNews,
    national,
    technology,
    travel,
    business,
    sports,
    healthCare,
    entertainment,
    audioVideo,
    hot,
    trendy,
    mostRead,
    icymi,
    advertsTop,
    poll,
  ] = await Promise.all([
    listPosts(context, CAROUSEL_SIZE),
    listPosts(context, CAROUSEL_SIZE, "Jobs"),
    block("World News"),
    block("National"),
    block("Technology"),
    block("Travel"),
    block("Business"),
    block("Sports"),
    block("HealthCare"),
    block("Entertainment"),
    videos(context),
    feed(context, "hot"),
    feed(context, "trendy"),
    feed(context, "most-read"),
    feed(context, "icymi"),
    adverts(context),
    latestPoll(context),
  ]);

  // The mosaic: the latest World News, Travel, Entertainment and National post, one each.
  const mosaic = [worldNews, travel, entertainment, national]
    .map((posts) => blockItems(posts)[0])
    .filter((post): post is PostSummary => post !== undefined);

  return {
    now: new Date().toISOString(),
    newsUpdate: blockItems(worldNews)[0] ?? null,
    mosaic,
    latest,
    jobs,
    blocks: { worldNews, national, technology, travel, business, sports, healthCare, entertainment },
    audioVideo,
    video: Number.isInteger(video) ? video : 0,
    featured: { hot, trendy, mostRead },
    icymi,
    adverts: advertsTop,
    poll,
  };
}

// ---------------------------------------------------------------------------------------
// Acting: Read Later, like / unlike and voting, each a thin pass-through to the API.

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

async function perform(
  context: AppLoadContext,
  form: FormData,
): Promise<{ result: HomeActionResult; status: number; anchor: string }> {
  const intent = field(form, "intent");
  const postId = field(form, "postId");
  if (intent === "readLater") {
    const answer = await callApi<{ message?: string }>(context, "/api/users/addToWishlist", {
      method: "POST",
      json: { postId },
    });
    const message = answer.ok ? (answer.data?.message ?? "Post added to your read later list") : errorMessage(answer);
    return { result: { intent, ok: answer.ok, postId, message }, status: answer.status, anchor: "latest-news" };
  }
  if (intent === "like" || intent === "unlike") {
    const call = intent === "like" ? "addLike" : "removeLike";
    const answer = await callApi<{ likeCount: number; likedByMe: boolean }>(
      context,
      `/api/posts/${call}/${encodeURIComponent(postId)}`,
      { method: "PUT" },
    );
    const result: HomeActionResult = answer.ok
      ? { intent: "like", ok: true, postId, message: "", ...answer.data }
      : { intent: "like", ok: false, postId, message: errorMessage(answer) };
    return { result, status: answer.status, anchor: "block-world-news-heading" };
  }
  if (intent === "vote") {
    const pollId = field(form, "pollId");
    const answer = await callApi<Poll>(context, `/api/votes/vote/${encodeURIComponent(pollId)}`, {
      method: "PUT",
      json: { option: Number(field(form, "option")) },
    });
    const result: HomeActionResult = answer.ok
      ? { intent, ok: true, message: "Thanks for voting!", poll: answer.data }
      : { intent, ok: false, message: errorMessage(answer) };
    return { result, status: answer.status, anchor: "poll" };
  }
  throw new Response("Unknown action", { status: 400 });
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const { result, status, anchor } = await perform(context, form);
  // Logged out (or the session ran out): Read Later, likes and votes need an account.
  if (status === 401) throw redirect(LOGIN_FROM_HOME);
  // Without JavaScript the browser posted the whole page: send it back to where it was.
  if (field(form, "enhanced") !== "1") throw redirect(`/#${anchor}`);
  return result;
}

/** Likes, Read Later and votes update their own block; the rest of the page stays as loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, formAction, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  const fromHome = formAction === "/" || formAction?.startsWith("/?index");
  if (fromHome && (intent === "readLater" || intent === "like" || intent === "unlike" || intent === "vote")) {
    return false;
  }
  return defaultShouldRevalidate;
};

// ---------------------------------------------------------------------------------------

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = matches.find((match) => match?.id === "root")?.data as { site?: SiteSettings } | undefined;
  const base = root?.site?.publicUrl?.replace(/\/+$/, "") ?? "";
  const image = data?.mosaic[0]?.image[0];
  const tags: ReturnType<Route.MetaFunction> = [
    { title: TITLE },
    { name: "description", content: DESCRIPTION },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Broadsheet" },
    { property: "og:title", content: TITLE },
    { property: "og:description", content: DESCRIPTION },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: TITLE },
    { name: "twitter:description", content: DESCRIPTION },
  ];
  if (base) {
    tags.push({ property: "og:url", content: `${base}/` }, { tagName: "link", rel: "canonical", href: `${base}/` });
  }
  if (image) {
    const absolute = /^https?:\/\//.test(image) ? image : `${base}${image}`;
    tags.push({ property: "og:image", content: absolute }, { name: "twitter:image", content: absolute });
  }
  return tags;
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { blocks } = loaderData;
  return (
    <div className="pb-4">
      <AdvertHeader adverts={loaderData.adverts} now={loaderData.now} />
      <div className="mt-4">
        <NewsUpdate post={loaderData.newsUpdate ?? undefined} />
      </div>
      <Mosaic posts={loaderData.mosaic} />

      <PostCarousel
        id="latest-news"
        title="Latest News"
        posts={blockItems(loaderData.latest)}
        failed={!loaderData.latest.ok}
        more={{ to: "/search", label: "All news" }}
      />

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-12">
          <div className="grid gap-10 md:grid-cols-2">
            <CategoryBlock category="World News" posts={blocks.worldNews} titleMax={TITLE_CUT_WIDE} likeable />
            <CategoryBlock category="National" posts={blocks.national} titleMax={TITLE_CUT_WIDE} />
          </div>
          <div className="grid gap-10 md:grid-cols-2">
            <CategoryBlock category="Technology" posts={blocks.technology} titleMax={TITLE_CUT_NARROW} />
            <CategoryBlock category="Travel" posts={blocks.travel} titleMax={TITLE_CUT_NARROW} />
          </div>
        </div>
        <aside aria-label="Featured, poll and highlights" className="flex min-w-0 flex-col gap-12">
          <FeaturedNews feeds={loaderData.featured} />
          <PollBlock poll={loaderData.poll} />
          <Icymi posts={loaderData.icymi} />
        </aside>
      </div>

      <div className="mt-12">
        <AudioVideo videos={loaderData.audioVideo} initial={loaderData.video} />
      </div>

      <PostCarousel
        id="jobs"
        title="Jobs"
        posts={blockItems(loaderData.jobs)}
        failed={!loaderData.jobs.ok}
        more={{ to: categorySearchPath("Jobs"), label: "All jobs" }}
      />

      <div className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <CategoryBlock category="Business" posts={blocks.business} titleMax={TITLE_CUT_NARROW} variant="compact" />
        <CategoryBlock category="Sports" posts={blocks.sports} titleMax={TITLE_CUT_NARROW} variant="compact" />
        <CategoryBlock category="HealthCare" posts={blocks.healthCare} titleMax={TITLE_CUT_NARROW} variant="compact" />
        <CategoryBlock
          category="Entertainment"
          posts={blocks.entertainment}
          titleMax={TITLE_CUT_NARROW}
          variant="compact"
        />
      </div>
    </div>
  );
}
