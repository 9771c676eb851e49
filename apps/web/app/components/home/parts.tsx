import { formatCardDate, postPath, responsiveImage } from "@broadsheet/domain";
import { Newspaper } from "lucide-react";
import type { ReactNode } from "react";
import type { PostSummary } from "../../lib/post-types";
import { Glyph } from "../glyph";
import { PageLink } from "../page-link";
import { Bylines } from "../post-card";

/** The demo covers and uploads are 16:10 (1200 × 750); the box reserves that space before they load. */
const IMAGE_WIDTH = 1200;
const IMAGE_HEIGHT = 750;

/**
 * A post image filling its box (the caller gives the box its size or aspect ratio, so
 * nothing shifts while it loads). Lazy unless `eager` (only the first mosaic image).
 */
export function CoverImage({
  src,
  alt = "",
  eager = false,
  className = "",
  sizes,
}: {
  src: string | undefined;
  alt?: string;
  eager?: boolean;
  className?: string;
  sizes?: string;
}) {
  if (!src) {
    return (
      <span className={`flex h-full w-full items-center justify-center bg-gray-100 text-gray-400 ${className}`}>
        <Newspaper aria-hidden="true" className="h-8 w-8" />
      </span>
    );
  }
  return (
    <img
      {...responsiveImage(src, sizes ?? "(min-width: 1024px) 25vw, 100vw")}
      alt={alt}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={`h-full w-full bg-gray-200 object-cover ${className}`}
    />
  );
}

/**
 * The image of a post linking to its page. The title beside it carries the same link for
 * keyboards and screen readers, so this one is left out of both.
 */
export function PostImageLink({
  post,
  className = "",
  eager = false,
  sizes,
}: {
  post: Pick<PostSummary, "slug" | "image">;
  className?: string;
  eager?: boolean;
  sizes?: string;
}) {
  return (
    <PageLink
      to={postPath(post.slug)}
      tabIndex={-1}
      aria-hidden="true"
      className={`group/image block shrink-0 overflow-hidden bg-gray-100 ${className}`}
    >
      <CoverImage
        src={post.image[0]}
        eager={eager}
        sizes={sizes}
        className="transition duration-500 group-hover/image:scale-105"
      />
    </PageLink>
  );
}

/** A section heading in the newspaper style: a heavy rule above, a red tick, an optional "More" link. */
export function SectionHeading({
  id,
  children,
  more,
  actions,
  tone = "light",
  as: Heading = "h2",
}: {
  id: string;
  children: ReactNode;
  /** `label` is what shows ("More"); `context` is read after it by screen readers, so the link makes sense alone. */
  more?: { to: string; label: string; context?: string };
  /** Controls beside the "More" link (the carousel buttons). */
  actions?: ReactNode;
  tone?: "light" | "dark";
  as?: "h2" | "h3";
}) {
  const dark = tone === "dark";
  return (
    <div
      className={`mb-4 flex items-end justify-between gap-4 border-t-4 pt-2 ${dark ? "border-white" : "border-ink"}`}
    >
      <Heading
        id={id}
        className={`flex items-center gap-2 font-serif text-xl font-black tracking-tight sm:text-2xl ${dark ? "text-white" : "text-ink"}`}
      >
        <span aria-hidden="true" className="inline-block h-4 w-1.5 bg-brand-600" />
        {children}
      </Heading>
      <div className="flex shrink-0 items-center gap-3">
        {more ? (
          <PageLink
            to={more.to}
            className={`inline-flex items-center gap-0.5 text-xs font-bold uppercase tracking-wider ${
              dark ? "text-gray-200 hover:text-white" : "text-brand-700 hover:text-brand-600"
            }`}
          >
            {more.label}
            {more.context ? <span className="sr-only"> {more.context}</span> : null}
            <Glyph name="chevron-right" className="h-3.5 w-3.5" />
          </PageLink>
        ) : null}
        {actions}
      </div>
    </div>
  );
}

/** The small red kicker above a headline: a category or a post type. */
export function Kicker({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p className={`text-[0.7rem] font-bold uppercase tracking-[0.12em] text-brand-700 ${className}`}>{children}</p>
  );
}

/** The card date, DD-MMM-YYYY. */
export function CardDate({ value, className = "" }: { value: string; className?: string }) {
  return (
    <time dateTime={value} className={className} data-card-date="">
      {formatCardDate(value)}
    </time>
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** A like count, shown only above 0 (docs/product.md#home). */
export function LikeCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span role="img" aria-label={plural(count, "like")} className="inline-flex items-center gap-1">
      <Glyph name="heart" className="h-3.5 w-3.5" />
      {count}
    </span>
  );
}

/** A comment count, shown only above 0. */
export function CommentCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span role="img" aria-label={plural(count, "comment")} className="inline-flex items-center gap-1">
      <Glyph name="message-circle" className="h-3.5 w-3.5" />
      {count}
    </span>
  );
}

/** Author · date · counts, the byline of every block post. `likes` replaces the like count (the World News button). */
export function Byline({
  post,
  likes,
  className = "",
}: {
  post: Pick<PostSummary, "author" | "authorSlug" | "coauthors" | "createdAt" | "likeCount" | "commentCount">;
  likes?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600 ${className}`}>
      <Bylines post={post} className="font-semibold text-gray-800 hover:text-brand-700 hover:underline" />
      <span aria-hidden="true">·</span>
      <CardDate value={post.createdAt} />
      {/* A div, not a span: the like button inside is a form, which phrasing content cannot hold. */}
      <div className="ml-auto inline-flex items-center gap-3">
        {likes ?? <LikeCount count={post.likeCount} />}
        <CommentCount count={post.commentCount} />
      </div>
    </div>
  );
}

/** The message of a block whose call failed or which has nothing to show. */
export function BlockNotice({ children, tone = "light" }: { children: ReactNode; tone?: "light" | "dark" }) {
  return (
    <p
      className={`rounded border border-dashed px-4 py-6 text-center text-sm ${
        tone === "dark" ? "border-gray-600 text-gray-300" : "border-gray-300 text-gray-600"
      }`}
    >
      {children}
    </p>
  );
}
