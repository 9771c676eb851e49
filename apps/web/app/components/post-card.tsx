import {
  authorPath,
  bylineSeparators,
  categoryPath,
  formatCardDate,
  postPath,
  responsiveImage,
  shortenText,
} from "@broadsheet/domain";
import { Newspaper } from "lucide-react";
import type { PostSummary } from "../lib/post-types";
import { Glyph } from "./glyph";
import { PageLink } from "./page-link";

/** The lead image of a post, or a neutral placeholder when it has none. */
export function PostImage({
  post,
  className = "",
  eager = false,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
}: {
  post: Pick<PostSummary, "image" | "imageAlt" | "title">;
  className?: string;
  eager?: boolean;
  /** The width it is shown at, so the browser picks the smallest file that fills it. */
  sizes?: string;
}) {
  const src = post.image[0];
  if (!src) {
    return (
      <div className={`flex items-center justify-center bg-gray-100 text-gray-400 ${className}`}>
        <Newspaper aria-hidden="true" className="h-8 w-8" />
      </div>
    );
  }
  return (
    <img
      {...responsiveImage(src, sizes)}
      alt={post.imageAlt[0] || post.title}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      width={640}
      height={400}
      className={`bg-gray-100 object-cover ${className}`}
    />
  );
}

/** Like and comment counts; each is shown only above 0 (docs/product.md#home). */
export function PostCounts({
  post,
  className = "",
}: {
  post: Pick<PostSummary, "likeCount" | "commentCount">;
  className?: string;
}) {
  if (post.likeCount <= 0 && post.commentCount <= 0) return null;
  return (
    <span className={`inline-flex items-center gap-3 ${className}`}>
      {post.likeCount > 0 ? (
        <span className="inline-flex items-center gap-1" title="Likes">
          <Glyph name="heart" className="h-3.5 w-3.5" />
          <span className="sr-only">Likes: </span>
          {post.likeCount}
        </span>
      ) : null}
      {post.commentCount > 0 ? (
        <span className="inline-flex items-center gap-1" title="Comments">
          <Glyph name="message-circle" className="h-3.5 w-3.5" />
          <span className="sr-only">Comments: </span>
          {post.commentCount}
        </span>
      ) : null}
    </span>
  );
}

/** The byline's name, linking to the author's page when there is one. */
export function AuthorName({
  post,
  className = "",
  testId,
}: {
  post: Pick<PostSummary, "author" | "authorSlug">;
  className?: string;
  testId?: string;
}) {
  const name = post.author || "Anonymous";
  const href = post.authorSlug ? authorPath(post.authorSlug) : null;
  if (!href) {
    return (
      <span className={className} data-testid={testId}>
        {name}
      </span>
    );
  }
  return (
    <PageLink to={href} className={className} data-testid={testId}>
      {name}
    </PageLink>
  );
}

/** Every author, "A, B and C", each linking to their page; the primary first (docs/product/bylines.md). */
export function Bylines({
  post,
  className = "",
  testId,
}: {
  post: Pick<PostSummary, "author" | "authorSlug" | "coauthors">;
  className?: string;
  testId?: string;
}) {
  const primary = <AuthorName post={post} className={className} testId={testId} />;
  if (post.coauthors.length === 0) return primary;
  const separators = bylineSeparators(post.coauthors.length + 1);
  return (
    <span>
      {primary}
      {post.coauthors.map((coauthor, index) => (
        <span key={coauthor.slug}>
          {separators[index + 1]}
          <PageLink to={authorPath(coauthor.slug)} className={className}>
            {coauthor.name}
          </PageLink>
        </span>
      ))}
    </span>
  );
}

/** The category label, linking to the category's page. */
export function CategoryLink({
  post,
  className = "",
}: {
  post: Pick<PostSummary, "category" | "categorySlug">;
  className?: string;
}) {
  return (
    <PageLink to={categoryPath(post.categorySlug)} className={`hover:underline ${className}`}>
      {post.category}
    </PageLink>
  );
}

/** Author, card date (DD-MMM-YYYY) and counts. */
export function PostMeta({ post, className = "" }: { post: PostSummary; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600 ${className}`}>
      <Bylines post={post} className="font-semibold text-gray-700 hover:text-brand-700 hover:underline" />
      <span aria-hidden="true">·</span>
      <time dateTime={post.createdAt}>{formatCardDate(post.createdAt)}</time>
      <PostCounts post={post} className="ml-auto" />
    </p>
  );
}

/**
 * A post card: image, category, title (shortened), author, date and counts. `grid` stacks
 * the image on top; `list` puts it beside the text.
 */
export function PostCard({
  post,
  layout = "grid",
  titleMax = layout === "grid" ? 60 : 100,
  eager = false,
}: {
  post: PostSummary;
  layout?: "grid" | "list";
  titleMax?: number;
  eager?: boolean;
}) {
  const href = postPath(post.slug);
  const list = layout === "list";
  return (
    <article
      className={`group flex overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md ${
        list ? "flex-col sm:flex-row" : "flex-col"
      }`}
    >
      <PageLink
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={`block shrink-0 overflow-hidden ${list ? "aspect-[16/10] sm:aspect-auto sm:w-64" : "aspect-[16/10]"}`}
      >
        <PostImage post={post} eager={eager} className="h-full w-full transition duration-300 group-hover:scale-105" />
      </PageLink>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-bold uppercase tracking-wider text-brand-600">
          <CategoryLink post={post} />
          {post.type ? <span className="font-semibold text-gray-600"> · {post.type}</span> : null}
        </p>
        <h3 className={`font-serif font-bold leading-snug text-ink ${list ? "text-xl" : "text-lg"}`}>
          <PageLink to={href} className="hover:text-brand-600 hover:underline" title={post.title}>
            {shortenText(post.title, titleMax)}
          </PageLink>
        </h3>
        {list && post.excerpt ? <p className="text-sm text-gray-700">{post.excerpt}</p> : null}
        <PostMeta post={post} className="mt-auto pt-2" />
      </div>
    </article>
  );
}

/** A compact row for side lists (Related Posts, Up next): thumbnail, title and date. */
export function CompactPostItem({ post, titleMax = 70 }: { post: PostSummary; titleMax?: number }) {
  const href = postPath(post.slug);
  return (
    <article className="group flex gap-3">
      <PageLink to={href} tabIndex={-1} aria-hidden="true" className="block h-16 w-24 shrink-0 overflow-hidden rounded">
        <PostImage post={post} sizes="96px" className="h-full w-full transition duration-300 group-hover:scale-105" />
      </PageLink>
      <div className="min-w-0">
        <p className="text-[0.7rem] font-bold uppercase tracking-wider text-brand-600">
          {/* 24px tall: a finger-sized target apart from the title link below (WCAG 2.5.8). */}
          <CategoryLink post={post} className="inline-block leading-6" />
        </p>
        <h3 className="font-serif text-sm font-bold leading-snug text-ink">
          <PageLink to={href} className="hover:text-brand-600 hover:underline" title={post.title}>
            {shortenText(post.title, titleMax)}
          </PageLink>
        </h3>
        <p className="mt-0.5 text-xs text-gray-600">
          <time dateTime={post.createdAt}>{formatCardDate(post.createdAt)}</time>
        </p>
      </div>
    </article>
  );
}
