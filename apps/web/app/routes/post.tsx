import {
  CommentInputSchema,
  formatLongDate,
  formatRelativeTime,
  htmlToText,
  isStaff,
  MESSAGES,
  minuteReadLabel,
  RATING_MAX,
  responsiveImage,
} from "@broadsheet/domain";
import { Bookmark, BookmarkCheck, Clock, Eye, Heart, MessageCircle, Pencil, Star, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  data,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useFetcher,
  useNavigate,
  useRouteLoaderData,
} from "react-router";
import { ConfirmDialog } from "../components/confirm-dialog";
import { CompactPostItem } from "../components/post-card";
import { ShareMenu } from "../components/share-menu";
import { useToast } from "../components/toaster";
import { type ApiResult, callApi, errorMessage } from "../lib/api.server";
import { useNonce } from "../lib/nonce";
import type { Page, PostComment, PostDetail, PostReview, PostSummary } from "../lib/post-types";
import { publicPageHeaders } from "../lib/public-page";
import { type SessionUser, useSessionUser } from "../lib/session-user";
import type { Route } from "./+types/post";

export const headers = publicPageHeaders;

const DESCRIPTION_LENGTH = 160;

function absoluteUrl(base: string, src: string): string {
  if (/^https?:\/\//i.test(src)) return src;
  return `${base}${src.startsWith("/") ? "" : "/"}${src}`;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.slug);
  const [postResult, relatedResult, upNextResult] = await Promise.all([
    callApi<PostDetail>(context, `/api/posts/${id}`),
    callApi<PostSummary[]>(context, `/api/posts/related/${id}`),
    callApi<PostSummary[]>(context, `/api/posts/up-next/${id}`),
  ]);
  if (postResult.status === 404) throw data(null, { status: 404 });
  if (!postResult.ok) throw data(errorMessage(postResult), { status: postResult.status });
  const post = postResult.data;
  const base = context.site.publicUrl.replace(/\/+$/, "");
  const canonicalUrl = `${base}/page/${encodeURIComponent(post.slug)}`;
  const text = htmlToText(post.content);
  return {
    post,
    related: relatedResult.ok && Array.isArray(relatedResult.data) ? relatedResult.data : [],
    upNext: upNextResult.ok && Array.isArray(upNextResult.data) ? upNextResult.data : [],
    canonicalUrl,
    siteUrl: base,
    siteName: context.site.name,
    description: (text || post.title).slice(0, DESCRIPTION_LENGTH),
    images: post.image.map((src) => absoluteUrl(base, src)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `${MESSAGES.pageNotFound} | Broadsheet` }];
  const { post, canonicalUrl, description, images, siteName } = loaderData;
  const image = images[0];
  return [
    { title: `${post.title} | ${siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "article:published_time", content: post.publishedAt ?? post.createdAt },
    { property: "article:section", content: post.category },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
};

/** What every action answers; failures carry the API's message (SPEC.md §8). */
interface ActionResult {
  intent: string;
  ok: boolean;
  message?: string;
  commentId?: string;
}

function messageOf(result: ApiResult<unknown>): string | undefined {
  const body = result.data as { message?: unknown } | null;
  return body && typeof body === "object" && typeof body.message === "string" ? body.message : undefined;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = encodeURIComponent(params.slug);
  const field = (name: string) => String(form.get(name) ?? "");
  const fail = (message: string, status = 400) => data<ActionResult>({ intent, ok: false, message }, { status });

  let result: ApiResult<unknown>;
  switch (intent) {
    case "like":
      result = await callApi(context, `/api/posts/${field("liked") === "true" ? "removeLike" : "addLike"}/${id}`, {
        method: "PUT",
      });
      break;
    case "readLater":
      result =
        field("saved") === "true"
          ? await callApi(context, `/api/users/wishlist/${id}`, { method: "PUT" })
          : await callApi(context, "/api/users/addToWishlist", { method: "POST", json: { postId: params.slug } });
      break;
    case "comment": {
      const parsed = CommentInputSchema.safeParse({ comment: field("comment") });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? MESSAGES.commentRequired);
      result = await callApi(context, `/api/posts/${id}/comments`, { method: "POST", json: parsed.data });
      break;
    }
    case "deleteComment":
      result = await callApi(context, `/api/posts/${id}/comments/${encodeURIComponent(field("commentId"))}`, {
        method: "DELETE",
      });
      break;
    case "review":
      result = await callApi(context, `/api/posts/review/${id}`, {
        method: "PATCH",
        json: { rating: form.get("rating") ?? undefined, review: field("review") },
      });
      break;
    case "deleteReview":
      result = await callApi(context, `/api/posts/deleteReview/${id}`, { method: "PATCH" });
      break;
    case "deletePost":
      result = await callApi(context, `/api/posts/${id}`, { method: "DELETE" });
      break;
    default:
      return fail("Unknown action");
  }

  // SPEC.md §4: liking, Read Later and commenting by a logged-out visitor go to /login.
  if (result.status === 401) {
    const here = new URL(request.url).pathname;
    throw redirect(`/login?redirectTo=${encodeURIComponent(here)}`);
  }
  if (!result.ok) return fail(errorMessage(result), result.status);
  return data<ActionResult>({
    intent,
    ok: true,
    message: messageOf(result),
    commentId: field("commentId") || undefined,
  });
}

/** A deleted post is not reloaded: the page goes home instead. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "deletePost") return false;
  return defaultShouldRevalidate;
}

/** Shows an action's answer as a toast, once per answer. */
function useResultToast(result: ActionResult | undefined, showSuccess = true) {
  const toast = useToast();
  const shown = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (!result.ok) toast.error(result.message ?? MESSAGES.internalError);
    else if (showSuccess && result.message) toast.success(result.message);
  }, [result, showSuccess, toast]);
}

/** The time the root loader rendered with, so server and browser agree on "3 hours ago". */
function useNow(): Date {
  const root = useRouteLoaderData("root") as { now?: string } | undefined;
  return root?.now ? new Date(root.now) : new Date();
}

type PostPageData = Route.ComponentProps["loaderData"];

export default function PostPage({ loaderData }: Route.ComponentProps) {
  // Keyed by post: moving to a related post starts with fresh gallery, comment and form state.
  return <PostView key={loaderData.post._id} {...loaderData} />;
}

function PostView({ post, related, upNext, canonicalUrl, siteName, siteUrl, description, images }: PostPageData) {
  const user = useSessionUser();
  const now = useNow();
  const nonce = useNonce();
  const actionData = useActionData<typeof action>();
  const staff = isStaff(user?.role);

  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: post.title,
    description,
    image: images,
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt ?? post.createdAt,
    articleSection: post.category,
    author: [{ "@type": "Person", name: post.author || "Anonymous" }],
    publisher: {
      "@type": "Organization",
      name: siteName,
      logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": canonicalUrl },
    url: canonicalUrl,
  }).replace(/</g, "\\u003c");

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON.stringify output with every "<" escaped cannot close the script.
        dangerouslySetInnerHTML={{ __html: jsonLd }}
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
          <header>
            <p className="flex flex-wrap items-center gap-2 text-xs font-bold uppercase tracking-wider">
              <Link
                to={`/search?category=${encodeURIComponent(post.categorySlug || post.category)}`}
                className="rounded-full bg-brand-50 px-3 py-1 text-brand-700 hover:bg-brand-600 hover:text-white"
              >
                {post.category}
              </Link>
              {post.type ? <span className="text-gray-600">{post.type}</span> : null}
              {!post.isPublished ? (
                <span className="rounded-full bg-amber-100 px-3 py-1 text-amber-900">Draft</span>
              ) : null}
            </p>
            <h1
              id="post-title"
              className="mt-4 font-serif text-3xl font-bold leading-tight tracking-tight text-ink md:text-5xl"
            >
              {post.title}
            </h1>
            <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-y border-gray-200 py-4">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-ink font-serif text-lg font-bold text-white"
                >
                  {(post.author || "A").charAt(0).toUpperCase()}
                </span>
                <div className="text-sm">
                  <p className="font-semibold text-ink">
                    <span className="sr-only">By </span>
                    <span data-testid="post-author">{post.author || "Anonymous"}</span>
                  </p>
                  <p className="flex flex-wrap items-center gap-x-2 text-gray-600">
                    <time dateTime={post.createdAt} title={formatLongDate(post.createdAt)}>
                      {formatRelativeTime(post.createdAt, now)}
                    </time>
                    <span aria-hidden="true">·</span>
                    <span className="inline-flex items-center gap-1">
                      <Clock aria-hidden="true" className="h-3.5 w-3.5" />
                      {minuteReadLabel(post.minuteRead)}
                    </span>
                  </p>
                </div>
              </div>
              <ShareMenu url={canonicalUrl} title={post.title} slug={post.slug} />
            </div>
          </header>

          <Gallery images={post.image} title={post.title} />

          <div
            className="prose prose-lg mt-8 max-w-none prose-headings:font-serif prose-headings:text-ink prose-a:text-brand-700 prose-blockquote:border-l-brand-600 prose-img:rounded-lg"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: post HTML is sanitised by the server on write (DESIGN.md §8).
            dangerouslySetInnerHTML={{ __html: post.content }}
          />

          <EngagementBar post={post} user={user} />
        </article>

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

function Gallery({ images, title }: { images: string[]; title: string }) {
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  if (!current) return null;
  return (
    <figure className="mt-6">
      <div className="overflow-hidden rounded-xl bg-gray-100">
        <img
          {...responsiveImage(current, "(min-width: 1024px) 800px, 100vw", 960)}
          alt={title}
          width={1200}
          height={675}
          fetchPriority="high"
          decoding="async"
          className="aspect-[16/9] w-full object-cover"
        />
      </div>
      {images.length > 1 ? (
        <ul aria-label="Gallery" className="mt-3 grid grid-cols-5 gap-2 sm:gap-3">
          {images.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === active}
                onClick={() => setActive(index)}
                className={`block w-full overflow-hidden rounded-md ring-offset-2 transition ${
                  index === active ? "ring-2 ring-brand-600" : "opacity-70 hover:opacity-100"
                }`}
              >
                <img
                  {...responsiveImage(src, "160px", 320)}
                  alt=""
                  loading="lazy"
                  width={200}
                  height={125}
                  className="aspect-[16/10] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

function EngagementBar({ post, user }: { post: PostDetail; user: SessionUser | null }) {
  const like = useFetcher<typeof action>();
  const readLater = useFetcher<typeof action>();
  useResultToast(like.data);
  useResultToast(readLater.data);

  // Optimistic while the request is on its way (only for a logged-in reader: others go to /login).
  const pendingLike = user ? like.formData : undefined;
  const liked = pendingLike ? pendingLike.get("liked") !== "true" : Boolean(post.likedByMe);
  const likeCount = pendingLike ? Math.max(0, post.likeCount + (liked ? 1 : -1)) : post.likeCount;
  const pendingSave = user ? readLater.formData : undefined;
  const saved = pendingSave ? pendingSave.get("saved") !== "true" : Boolean(post.inReadLater);

  return (
    <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6">
      <like.Form method="post" preventScrollReset className="flex items-center gap-2">
        <input type="hidden" name="intent" value="like" />
        <input type="hidden" name="liked" value={String(liked)} />
        <button
          type="submit"
          aria-pressed={liked}
          className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition ${
            liked
              ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
              : "border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700"
          }`}
        >
          <Heart aria-hidden="true" className={`h-4 w-4 ${liked ? "fill-current" : ""}`} />
          Like
        </button>
        <span data-testid="like-count" aria-live="polite" className="text-sm text-gray-700">
          {likeCount} {likeCount === 1 ? "like" : "likes"}
        </span>
      </like.Form>
      <readLater.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="readLater" />
        <input type="hidden" name="saved" value={String(saved)} />
        <button
          type="submit"
          aria-pressed={saved}
          className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition ${
            saved
              ? "border-ink bg-ink text-white hover:bg-gray-800"
              : "border-gray-300 bg-white text-ink hover:border-ink"
          }`}
        >
          {saved ? (
            <BookmarkCheck aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Bookmark aria-hidden="true" className="h-4 w-4" />
          )}
          {saved ? "Saved to Read Later" : "Add To Read Later"}
        </button>
      </readLater.Form>
      <span className="ml-auto inline-flex items-center gap-1 text-sm text-gray-600">
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        <a href="#comments" className="hover:text-brand-700 hover:underline">
          {post.commentCount} {post.commentCount === 1 ? "comment" : "comments"}
        </a>
      </span>
    </div>
  );
}

function StaffActions({ post }: { post: PostDetail }) {
  const remove = useFetcher<typeof action>();
  const toast = useToast();
  const navigate = useNavigate();
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    const result = remove.data;
    if (!result || handled.current === result || remove.state !== "idle") return;
    handled.current = result;
    if (result.ok) {
      toast.success(result.message ?? "Post deleted successfully");
      navigate("/", { replace: true });
    } else {
      toast.error(result.message ?? MESSAGES.internalError);
    }
  }, [remove.data, remove.state, toast, navigate]);

  return (
    <section
      aria-label="Post actions"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm"
    >
      <Link
        to={`/admin/edit-post/${post._id}`}
        className="inline-flex items-center gap-1.5 rounded-md bg-ink px-3 py-1.5 font-semibold text-white hover:bg-gray-800"
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit
      </Link>
      <span className="inline-flex items-center gap-1.5 text-gray-700" data-testid="post-views">
        <Eye aria-hidden="true" className="h-4 w-4" />
        {post.views} {post.views === 1 ? "view" : "views"}
      </span>
      <ConfirmDialog
        question="Are you sure to delete this post?"
        detail={<p>“{post.title}” will be removed for good.</p>}
        busy={remove.state !== "idle"}
        onConfirm={() => {
          // Stays open until the answer: success leaves the page, a failure is toasted.
          remove.submit({ intent: "deletePost" }, { method: "post" });
          return false;
        }}
        trigger={(open) => (
          <button
            type="button"
            onClick={open}
            className="ml-auto inline-flex items-center gap-1.5 rounded-md border border-brand-600 px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </button>
        )}
      />
    </section>
  );
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gray-200 text-sm font-bold text-gray-700"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

function CommentsSection({ post, user, now }: { post: PostDetail; user: SessionUser | null; now: Date }) {
  const add = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [more, setMore] = useState<PostComment[]>([]);
  const [nextPage, setNextPage] = useState(2);
  const [loadingMore, setLoadingMore] = useState(false);
  useResultToast(add.data);

  useEffect(() => {
    if (add.state === "idle" && add.data?.ok) formRef.current?.reset();
  }, [add.state, add.data]);

  const serverError =
    (add.data && !add.data.ok ? add.data.message : undefined) ??
    (actionData?.intent === "comment" && !actionData.ok ? actionData.message : undefined);
  const error = clientError ?? serverError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const text = String(new FormData(event.currentTarget).get("comment") ?? "");
    if (!text.trim()) {
      event.preventDefault();
      setClientError(MESSAGES.commentRequired);
      toast.error(MESSAGES.commentRequired);
      return;
    }
    setClientError(null);
  };

  const known = new Set(post.comments.map((comment) => comment._id));
  const comments = [...post.comments, ...more.filter((comment) => !known.has(comment._id))];

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const response = await fetch(`/api/posts/${encodeURIComponent(post.slug)}/comments?page=${nextPage}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = (await response.json()) as Page<PostComment>;
      setMore((all) => [...all, ...page.items]);
      setNextPage((value) => value + 1);
    } catch {
      toast.error("Could not load more comments. Please try again.");
    } finally {
      setLoadingMore(false);
    }
  };

  const commentId = useId();
  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-12 scroll-mt-24">
      <h2 id="comments-heading" className="font-serif text-2xl font-bold text-ink">
        Comments <span className="text-base font-normal text-gray-600">({post.commentCount})</span>
      </h2>

      {user ? (
        <add.Form method="post" preventScrollReset ref={formRef} onSubmit={onSubmit} noValidate className="mt-5">
          <input type="hidden" name="intent" value="comment" />
          <label htmlFor={commentId} className="block text-sm font-semibold text-ink">
            Your comment
          </label>
          <textarea
            id={commentId}
            name="comment"
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${commentId}-error` : undefined}
            onChange={() => setClientError(null)}
            placeholder="Share your thoughts…"
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 aria-[invalid=true]:border-red-600"
          />
          {error ? (
            <p id={`${commentId}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid="comment-error">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={add.state !== "idle"}
            className="mt-3 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {add.state !== "idle" ? "Posting…" : "Post Comment"}
          </button>
        </add.Form>
      ) : (
        <p className="mt-4 rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-3 text-sm text-gray-700">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(`/page/${post.slug}`)}`}
            className="font-semibold text-brand-700 underline hover:text-brand-600"
          >
            Log in to comment
          </Link>{" "}
          and join the conversation.
        </p>
      )}

      {comments.length === 0 ? (
        <p className="mt-6 text-gray-600">There is no comment for this post yet.</p>
      ) : (
        <ul aria-label="Comments" className="mt-6 divide-y divide-gray-100">
          {comments.map((comment) => (
            <CommentItem
              key={comment._id}
              comment={comment}
              user={user}
              now={now}
              onDeleted={(id) => setMore((all) => all.filter((item) => item._id !== id))}
            />
          ))}
        </ul>
      )}
      {comments.length < post.commentCount ? (
        <button
          type="button"
          onClick={loadMore}
          disabled={loadingMore}
          className="mt-4 rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50 disabled:opacity-60"
        >
          {loadingMore ? "Loading…" : "Show more comments"}
        </button>
      ) : null}
    </section>
  );
}

function CommentItem({
  comment,
  user,
  now,
  onDeleted,
}: {
  comment: PostComment;
  user: SessionUser | null;
  now: Date;
  onDeleted: (id: string) => void;
}) {
  const remove = useFetcher<typeof action>();
  useResultToast(remove.data);
  const name = comment.postedBy?.name || "Anonymous";
  const mine = Boolean(user && comment.postedBy?._id && comment.postedBy._id === user._id);
  const canDelete = mine || isStaff(user?.role);
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    if (remove.state !== "idle" || !remove.data?.ok || handled.current === remove.data) return;
    handled.current = remove.data;
    onDeleted(comment._id);
  }, [remove.state, remove.data, onDeleted, comment._id]);

  if (remove.state !== "idle") return null;
  return (
    <li className="flex gap-3 py-4">
      <Avatar name={name} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-ink">{name}</span>
          <time dateTime={comment.created} className="text-gray-600">
            {formatRelativeTime(comment.created, now)}
          </time>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-gray-800">{comment.text}</p>
      </div>
      {canDelete ? (
        <remove.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="deleteComment" />
          <input type="hidden" name="commentId" value={comment._id} />
          <button
            type="submit"
            aria-label={`Delete comment by ${name}`}
            className="rounded p-1.5 text-gray-500 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </button>
        </remove.Form>
      ) : null}
    </li>
  );
}

const STAR_VALUES = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

function Stars({ value, className = "h-4 w-4" }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${value} out of ${RATING_MAX}`} className="inline-flex items-center gap-0.5">
      {STAR_VALUES.map((star) => {
        const fill = Math.max(0, Math.min(1, value - (star - 1)));
        return (
          <span key={star} className="relative inline-block">
            <Star aria-hidden="true" className={`${className} text-gray-300`} />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden="true" className={`${className} fill-amber-400 text-amber-500`} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

function ReviewsSection({ post, user, now }: { post: PostDetail; user: SessionUser | null; now: Date }) {
  const { reviews } = post;
  const own = user ? reviews.items.find((review) => review.user._id === user._id) : undefined;
  // Owned here, not by the form: the form is remounted when the reader's own review changes.
  const save = useFetcher<typeof action>();
  const remove = useFetcher<typeof action>();
  useResultToast(save.data);
  useResultToast(remove.data);
  return (
    <section aria-labelledby="reviews-heading" className="mt-12 border-t border-gray-200 pt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="reviews-heading" className="font-serif text-2xl font-bold text-ink">
          Reviews
        </h2>
        <p className="flex items-center gap-2 text-sm text-gray-700" data-testid="review-summary">
          <Stars value={reviews.average} className="h-5 w-5" />
          <span className="font-semibold text-ink">{reviews.average.toFixed(1)}</span>
          <span>
            ({reviews.count} {reviews.count === 1 ? "review" : "reviews"})
          </span>
        </p>
      </div>

      {user ? (
        <ReviewForm key={own ? `${own._id}-${own.rating}-${own.text}` : "new"} own={own} save={save} remove={remove} />
      ) : (
        <p className="mt-4 text-sm text-gray-700">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(`/page/${post.slug}`)}`}
            className="font-semibold text-brand-700 underline hover:text-brand-600"
          >
            Log in to review
          </Link>{" "}
          this post.
        </p>
      )}

      {reviews.items.length === 0 ? (
        <p className="mt-6 text-gray-600">No reviews yet.</p>
      ) : (
        <ul aria-label="Reviews" className="mt-6 space-y-4">
          {reviews.items.map((review) => (
            <ReviewItem key={review._id} review={review} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewItem({ review, now }: { review: PostReview; now: Date }) {
  return (
    <li className="rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Avatar name={review.user.name || "Anonymous"} />
        <span className="font-semibold text-ink">{review.user.name || "Anonymous"}</span>
        <Stars value={review.rating} />
        <time dateTime={review.createdAt} className="text-gray-600">
          {formatRelativeTime(review.createdAt, now)}
        </time>
      </div>
      {review.text ? <p className="mt-2 whitespace-pre-line break-words text-gray-800">{review.text}</p> : null}
    </li>
  );
}

type ActionFetcher = ReturnType<typeof useFetcher<typeof action>>;

function ReviewForm({
  own,
  save,
  remove,
}: {
  own: PostReview | undefined;
  save: ActionFetcher;
  remove: ActionFetcher;
}) {
  const [rating, setRating] = useState(own?.rating ?? 0);
  const [hover, setHover] = useState(0);
  const baseId = useId();
  const shown = hover || rating;

  return (
    <div className="mt-5 rounded-lg bg-gray-50 p-5">
      <save.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="review" />
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{own ? "Your rating" : "Rate this post"}</legend>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews the stars; the radios do the work. */}
          <div className="mt-2 flex items-center gap-1" onMouseLeave={() => setHover(0)}>
            {STAR_VALUES.map((value) => {
              const id = `${baseId}-star-${value}`;
              return (
                <span key={value}>
                  <input
                    id={id}
                    type="radio"
                    name="rating"
                    value={value}
                    required
                    defaultChecked={own?.rating === value}
                    onChange={() => setRating(value)}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor={id}
                    onMouseEnter={() => setHover(value)}
                    className="block cursor-pointer rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                  >
                    <span className="sr-only">
                      {value} {value === 1 ? "star" : "stars"}
                    </span>
                    <Star
                      aria-hidden="true"
                      className={`h-7 w-7 transition ${
                        value <= shown ? "fill-amber-400 text-amber-500" : "text-gray-500"
                      }`}
                    />
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
        <label htmlFor={`${baseId}-text`} className="mt-4 block text-sm font-semibold text-ink">
          Your review
        </label>
        <textarea
          id={`${baseId}-text`}
          name="review"
          rows={3}
          defaultValue={own?.text ?? ""}
          placeholder="What did you think of this story?"
          className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={save.state !== "idle"}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {own ? "Update Review" : "Submit Review"}
          </button>
        </div>
      </save.Form>
      {own ? (
        <remove.Form method="post" preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value="deleteReview" />
          <button
            type="submit"
            disabled={remove.state !== "idle"}
            className="text-sm font-semibold text-red-700 underline hover:text-red-800 disabled:opacity-60"
          >
            Remove my review
          </button>
        </remove.Form>
      ) : null}
    </div>
  );
}

function SideList({ id, title, posts, empty }: { id: string; title: string; posts: PostSummary[]; empty: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="border-b-2 border-ink pb-2 font-serif text-xl font-bold text-ink">
        {title}
      </h2>
      {posts.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {posts.slice(0, 5).map((post) => (
            <li key={post._id}>
              <CompactPostItem post={post} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
