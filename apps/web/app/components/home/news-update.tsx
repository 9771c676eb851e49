import { formatLongDate, postPath } from "@broadsheet/domain";
import { PageLink } from "../page-link";
import type { BlockPost } from "./home-data";

/** The "News update" strip: the date and title of the latest World News post. */
export function NewsUpdate({ post }: { post: BlockPost | undefined }) {
  return (
    <section
      aria-label="News update"
      className="flex flex-col overflow-hidden rounded bg-ink text-sm text-white sm:flex-row sm:items-stretch"
    >
      <h2 className="flex shrink-0 items-center gap-2 bg-brand-600 px-4 py-2 text-xs font-black uppercase tracking-[0.15em]">
        <span aria-hidden="true" className="relative flex h-2 w-2">
          <span className="absolute inline-flex h-full w-full rounded-full bg-white opacity-75 motion-safe:animate-ping" />
          <span className="relative inline-flex h-2 w-2 rounded-full bg-white" />
        </span>
        News update
      </h2>
      {post ? (
        <p className="flex min-w-0 flex-1 flex-col gap-x-3 px-4 py-2 sm:flex-row sm:items-center">
          <time dateTime={post.createdAt} className="shrink-0 font-semibold text-gray-300">
            {formatLongDate(post.createdAt)}
          </time>
          <span aria-hidden="true" className="hidden text-gray-500 sm:inline">
            |
          </span>
          <PageLink to={postPath(post.slug)} className="truncate font-serif text-base hover:underline">
            {post.title}
          </PageLink>
        </p>
      ) : (
        <p className="px-4 py-2 text-gray-300">No news updates right now.</p>
      )}
    </section>
  );
}
