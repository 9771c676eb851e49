import {
  categoryPath,
  editedAfterPublication,
  formatLongDate,
  formatRelativeTime,
  minuteReadLabel,
} from "@broadsheet/domain";
import { Clock } from "lucide-react";
import { Link } from "react-router";
import { Bylines } from "../../../components/post-card";
import { ShareMenu } from "../../../components/share-menu";
import type { PostDetail } from "../../../lib/post-types";

/** Category, type and draft badges, the headline, the byline with time and reading time, Share. */
export function ArticleHeader({ post, now, canonicalUrl }: { post: PostDetail; now: Date; canonicalUrl: string }) {
  return (
    <header>
      <p className="flex flex-wrap items-center gap-2 text-xs font-bold uppercase tracking-wider">
        <Link
          to={categoryPath(post.categorySlug)}
          className="rounded-full bg-brand-50 px-3 py-1 text-brand-700 hover:bg-brand-600 hover:text-white"
        >
          {post.category}
        </Link>
        {post.type ? (
          <Link to={categoryPath(post.categorySlug, post.typeSlug)} className="text-gray-600 hover:text-brand-700">
            {post.type}
          </Link>
        ) : null}
        {!post.isPublished ? <span className="rounded-full bg-amber-100 px-3 py-1 text-amber-900">Draft</span> : null}
      </p>
      <h1
        id="post-title"
        className="mt-4 font-serif text-3xl font-bold leading-tight tracking-tight text-ink md:text-5xl"
      >
        {post.title}
      </h1>
      {post.excerpt ? <p className="mt-3 font-serif text-xl leading-snug text-gray-700">{post.excerpt}</p> : null}
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
              <Bylines post={post} className="hover:text-brand-700 hover:underline" testId="post-author" />
            </p>
            <p className="flex flex-wrap items-center gap-x-2 text-gray-600">
              <time dateTime={post.createdAt} title={formatLongDate(post.createdAt)}>
                {formatRelativeTime(post.createdAt, now)}
              </time>
              {editedAfterPublication(post) ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>
                    Updated{" "}
                    <time dateTime={post.updatedAt} title={formatLongDate(post.updatedAt)}>
                      {formatRelativeTime(post.updatedAt, now)}
                    </time>
                  </span>
                </>
              ) : null}
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
  );
}
