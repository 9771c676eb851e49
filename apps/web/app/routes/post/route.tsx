import {
  authorPath,
  feedsApi,
  formatLongDate,
  isStaff,
  MESSAGES,
  PUBLISHER_LOGO,
  postDescription,
  postPath,
  postsApi,
} from "@broadsheet/domain";
import { useEffect } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { SignupForm } from "../../components/newsletters/signup-form";
import { callApi, errorMessage } from "../../lib/api.server";
import { sendView } from "../../lib/document/view-beacon";
import type { ActionResult } from "../../lib/forms/action-result";
import { apiMessage, fail, failedCall, refuse, succeed } from "../../lib/forms/answer.server";
import { formText } from "../../lib/forms/form-data";
import { publicPageHeaders } from "../../lib/public-page";
import { MINUTE_MS, renderTime } from "../../lib/render-time";
import { useSessionUser } from "../../lib/session-user";
import { siteNameIn, twitterSiteTags } from "../../lib/site";
import type { ViewerTargets } from "../../lib/viewer-state";
import type { Route } from "./+types/route";
import { comment } from "./actions/comment.server";
import { deleteComment } from "./actions/delete-comment.server";
import { deletePost } from "./actions/delete-post.server";
import { deleteReview } from "./actions/delete-review.server";
import type { PostIntent } from "./actions/intent.server";
import { reportComment } from "./actions/report-comment.server";
import { review } from "./actions/review.server";
import { ArticleBody } from "./components/article-body";
import { ArticleHeader } from "./components/article-header";
import { ArticleJsonLd } from "./components/article-json-ld";
import { CommentsSection } from "./components/comments";
import { EngagementBar } from "./components/engagement-bar";
import { Gallery } from "./components/gallery";
import { PostTags } from "./components/post-tags";
import { ReviewsSection } from "./components/reviews";
import { SideList } from "./components/side-list";
import { StaffActions } from "./components/staff-actions";

/*
 * /page/:slug, the post page: the article, likes and Read Later, comments, reviews and, for
 * staff, edit and delete. Each form posts an `intent`, handled by its file in actions/; likes
 * and Read Later are the reader actions the home page shares (/reader-actions).
 */

export const headers = publicPageHeaders;

/** What a reader may have marked here: the post (its like and Read Later). */
export const handle = {
  viewerTargets: (data: { post: { _id: string } }): ViewerTargets => ({ posts: [data.post._id] }),
};

const DESCRIPTION_LENGTH = 160;

function absoluteUrl(base: string, src: string): string {
  if (/^https?:\/\//i.test(src)) return src;
  return `${base}${src.startsWith("/") ? "" : "/"}${src}`;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const input = { params: { id: params.slug } };
  const [postResult, relatedResult, upNextResult] = await Promise.all([
    callApi(context, postsApi.get, input),
    callApi(context, feedsApi.related, input),
    callApi(context, feedsApi.upNext, input),
  ]);
  if (postResult.status === 404) throw data(null, { status: 404 });
  if (!postResult.ok) throw data(errorMessage(postResult), { status: postResult.status });
  const post = postResult.data;
  const base = context.site.publicUrl.replace(/\/+$/, "");
  const canonicalUrl = post.canonicalUrl || `${base}${postPath(post.slug)}`;
  return {
    post,
    // For "3 minutes ago", the same in the server's render and the browser's.
    now: renderTime(MINUTE_MS),
    related: relatedResult.ok ? relatedResult.data : [],
    upNext: upNextResult.ok ? upNextResult.data : [],
    canonicalUrl,
    siteUrl: base,
    siteName: context.site.siteName,
    siteLogo: `${base}${PUBLISHER_LOGO.path}`,
    description: postDescription(post, DESCRIPTION_LENGTH),
    images: (post.socialImage ? [post.socialImage] : post.image).map((src) => absoluteUrl(base, src)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `${MESSAGES.pageNotFound} | ${siteNameIn(matches)}` }];
  const { post, canonicalUrl, description, images, siteName, siteUrl } = loaderData;
  const image = images[0];
  // The sizes and description belong to the post's own first image, not to a chosen social image.
  const imageSize = post.socialImage ? null : post.imageSizes[0];
  const authorPage = post.authorSlug ? authorPath(post.authorSlug) : null;
  const imageAlt = (!post.socialImage && post.imageAlt[0]) || post.title;
  const shareTitle = post.metaTitle || post.title;
  return [
    { title: `${shareTitle} | ${siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: shareTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    ...(image
      ? [
          { property: "og:image", content: image },
          ...(imageSize
            ? [
                { property: "og:image:width", content: String(imageSize.width) },
                { property: "og:image:height", content: String(imageSize.height) },
              ]
            : []),
          { property: "og:image:alt", content: imageAlt },
        ]
      : []),
    { property: "article:published_time", content: post.publishedAt ?? post.createdAt },
    { property: "article:modified_time", content: post.updatedAt },
    ...(authorPage ? [{ property: "article:author", content: `${siteUrl}${authorPage}` }] : []),
    { property: "article:section", content: post.category },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shareTitle },
    { name: "twitter:description", content: description },
    ...twitterSiteTags(matches),
    ...(image
      ? [
          { name: "twitter:image", content: image },
          { name: "twitter:image:alt", content: imageAlt },
        ]
      : []),
  ];
};

/** What every action answers; failures carry the API's message (docs/product.md#errors). */

const INTENTS: Record<string, PostIntent> = {
  comment,
  deleteComment,
  reportComment,
  review,
  deleteReview,
  deletePost,
};

/** Failures carry the API's message (docs/product.md#errors). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const run = Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
  if (!run) return fail({ intent, message: "Unknown action" });
  const outcome = await run({ context, params, id: params.slug, form, field: (name) => formText(form, name) });
  if (!("status" in outcome)) return refuse(outcome, { intent });

  // docs/product.md#10-flows-and-states: commenting by a logged-out visitor goes to /login (liking and Read Later: /reader-actions).
  if (outcome.status === 401) {
    const here = new URL(request.url).pathname;
    throw redirect(`/login?redirectTo=${encodeURIComponent(here)}`);
  }
  if (!outcome.ok) return failedCall(outcome, { intent });
  return succeed({ intent, message: apiMessage(outcome) });
}

/** A deleted post is not reloaded: the page goes home instead. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "deletePost") return false;
  return defaultShouldRevalidate;
}

type PostPageData = Route.ComponentProps["loaderData"];

export default function PostPage({ loaderData }: Route.ComponentProps) {
  // Keyed by post: moving to a related post starts with fresh gallery, comment and form state.
  return <PostView key={loaderData.post._id} {...loaderData} />;
}

function PostView({
  post,
  related,
  upNext,
  canonicalUrl,
  siteName,
  siteUrl,
  siteLogo,
  description,
  images,
  now: renderedAt,
}: PostPageData) {
  const user = useSessionUser();
  const now = new Date(renderedAt);
  const actionData = useActionData<ActionResult>();
  const staff = isStaff(user?.role);
  useEffect(() => sendView(post._id), [post._id]);

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <ArticleJsonLd
        post={post}
        canonicalUrl={canonicalUrl}
        description={description}
        images={images}
        siteName={siteName}
        siteUrl={siteUrl}
        siteLogo={siteLogo}
      />
      <div className="min-w-0">
        {/* Without JavaScript, an action's answer comes back with the page: show it here. */}
        {actionData && actionData.intent !== "comment" ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`mb-4 rounded border px-4 py-2 text-sm ${
              actionData.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"
            }`}
          >
            {actionData.message ?? (actionData.ok ? "Done." : MESSAGES.internalError)}
          </p>
        ) : null}
        {staff ? <StaffActions post={post} /> : null}

        <article aria-labelledby="post-title">
          <ArticleHeader post={post} now={now} canonicalUrl={canonicalUrl} />

          <Gallery images={post.image} alts={post.imageAlt} title={post.title} />

          <ArticleBody html={post.content} />

          {post.correction && post.correctedAt ? (
            <aside
              aria-label="Correction"
              className="mt-8 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3"
            >
              <p className="text-sm text-ink">
                <strong>Correction</strong>{" "}
                <time dateTime={post.correctedAt} className="text-gray-700">
                  ({formatLongDate(post.correctedAt)})
                </time>
                : <span className="whitespace-pre-line">{post.correction}</span>
              </p>
            </aside>
          ) : null}

          <PostTags tags={post.tags} />

          <EngagementBar post={post} user={user} />
        </article>

        <div className="mt-10">
          <SignupForm form="post-page" />
        </div>

        <CommentsSection post={post} user={user} now={now} />
        <ReviewsSection post={post} user={user} now={now} />
      </div>

      <aside className="space-y-8" aria-label="More stories">
        <SideList id="related-heading" title="Related Posts" posts={related} empty="No related posts found." />
        <SideList id="up-next-heading" title="Up next" posts={upNext} empty="No next posts yet." />
      </aside>
    </div>
  );
}
