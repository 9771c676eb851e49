import { Rss } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ESTIMATED_TOTAL_NOTE, totalLabel } from "../../lib/paging";
import type { Page, PostSummary } from "../../lib/post-types";
import { PostCard } from "../post-card";
import { Pager } from "../ui";

/** The address of page `page` of an archive at `path`: page 1 is the path itself (the canonical one). */
export function archivePageHref(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
}

/** A page's meta description, numbered past the first page: each page of an archive has its own. */
export function archivePageDescription(description: string, page: number, max = 160): string {
  const suffix = page > 1 ? ` Page ${page}.` : "";
  return `${description.slice(0, max - suffix.length)}${suffix}`;
}

/** The requested page of an archive: a whole number from 1, anything else is page 1. */
export function archivePageNumber(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page") ?? "";
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}

/** The breadcrumb trail above an archive's heading; the last crumb is the page itself. */
export function Breadcrumbs({ items }: { items: { name: string; href: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-semibold text-ink">
                  {item.name}
                </span>
              ) : (
                <>
                  <Link to={item.href} className="hover:text-brand-700 hover:underline">
                    {item.name}
                  </Link>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The list of a category, type or author page: the count, the posts as cards and a pager of
 * real links, so it reads and pages without JavaScript and crawlers follow every page.
 */
export function ArchiveList({
  posts,
  path,
  label,
  empty,
}: {
  posts: Page<PostSummary> & { totalIsEstimate?: boolean };
  path: string;
  label: string;
  empty: ReactNode;
}) {
  const first = (posts.page - 1) * posts.limit + 1;
  const last = Math.min(posts.total, posts.page * posts.limit);
  return (
    <section aria-labelledby="archive-posts-heading" className="mt-8">
      <h2 id="archive-posts-heading" className="sr-only">
        {label}
      </h2>
      {posts.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 px-6 py-16 text-center text-gray-600">{empty}</p>
      ) : (
        <>
          <p className="text-sm text-gray-600">
            Showing {first}–{last} of {totalLabel(posts.total, posts.totalIsEstimate === true)}{" "}
            {posts.total === 1 ? "post" : "posts"}
            {posts.totalIsEstimate ? ESTIMATED_TOTAL_NOTE : ""}
          </p>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {posts.items.map((post, index) => (
              <li key={post._id} className="flex">
                <div className="flex w-full flex-col [&>article]:flex-1">
                  <PostCard post={post} eager={index < 3} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager
        look="reader"
        label={`${label} pages`}
        page={posts.page}
        total={posts.total}
        limit={posts.limit}
        hrefFor={(page) => archivePageHref(path, page)}
      />
    </section>
  );
}

/** The heading of a listing with its own feed (category, type, tag), and the link to its RSS feed. */
export function FeedArchiveHeader({
  title,
  description,
  path,
  feedName,
  kicker,
}: {
  title: string;
  description: string;
  path: string;
  feedName: string;
  /** A word above the heading that says what kind of listing it is. */
  kicker?: string;
}) {
  return (
    <header className="mt-4 flex flex-wrap items-end justify-between gap-4 border-b-4 border-ink pb-4">
      <div>
        {kicker ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{kicker}</p> : null}
        <h1 className="font-serif text-4xl font-black tracking-tight text-ink">{title}</h1>
        <p className="mt-2 text-gray-600">{description}</p>
      </div>
      <a
        href={`${path}/rss.xml`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Rss aria-hidden="true" className="h-4 w-4" />
        {feedName} RSS feed
      </a>
    </header>
  );
}
