import { formatZonedTime, PREVIEW_MESSAGES, postPath, previewsApi } from "@broadsheet/domain";
import { Eye } from "lucide-react";
import { data } from "react-router";
import { callApi, errorMessage } from "../lib/api.server";
import { MINUTE_MS, renderTime } from "../lib/render-time";
import { useSite } from "../lib/site";
import type { Route } from "./+types/preview";
import { ArticleBody } from "./post/components/article-body";
import { ArticleHeader } from "./post/components/article-header";
import { Gallery } from "./post/components/gallery";

/*
 * /preview/{token} (issue 15): a draft or scheduled post as readers will see it, for whoever
 * holds the secret link. Marked as a preview, never indexed, never cached; it stops working
 * when the post is published or the link is revoked.
 */

export function headers(): HeadersInit {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const result = await callApi(context, previewsApi.get, { params: { token: params.token } });
  if (result.status === 404) return data({ post: null, now: renderTime(MINUTE_MS), canonicalUrl: "" }, { status: 404 });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  const base = context.site.publicUrl.replace(/\/+$/, "");
  return { post: result.data, now: renderTime(MINUTE_MS), canonicalUrl: `${base}${postPath(result.data.slug)}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.post ? `Preview: ${loaderData.post.title}` : "Preview not available" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const now = new Date(loaderData.now);
  const timeZone = useSite()?.timeZone ?? "UTC";
  const { post, canonicalUrl } = loaderData;
  if (!post) {
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="font-serif text-3xl font-bold">Preview not available</h1>
        <p className="mt-4 text-gray-600">{PREVIEW_MESSAGES.notFound}.</p>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <p
        role="note"
        className="mb-6 flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
      >
        <Eye aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          <strong>Preview</strong>: this post is not published yet
          {post.scheduledAt ? `; it goes live ${formatZonedTime(post.scheduledAt, timeZone)}` : ""}. Only people with
          this link can see it.
        </span>
      </p>
      <article aria-labelledby="post-title">
        <ArticleHeader post={post} now={now} canonicalUrl={canonicalUrl} />
        <Gallery images={post.image} alts={post.imageAlt} title={post.title} />
        <ArticleBody html={post.content} />
      </article>
    </div>
  );
}
