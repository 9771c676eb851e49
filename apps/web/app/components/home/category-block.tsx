import { asciiSlug, categoryPath, postPath, shortenText } from "@broadsheet/domain";
import { PageLink } from "../page-link";
import { type BlockPost, type Loaded, POSTS_LOAD_FAILED } from "./home-data";
import { LikeButton } from "./like-button";
import { BlockNotice, Byline, CoverImage, SectionHeading } from "./parts";

/** A home block's category page: by the slug its posts carry, or the one the name gives. */
export function categoryPagePath(category: string, posts: { categorySlug?: string }[] = []): string {
  return categoryPath(posts[0]?.categorySlug || asciiSlug(category));
}

function slugId(category: string): string {
  return category.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/**
 * A category block (docs/product.md#home): a lead image from the category's first post with its
 * type label, then every post with its image, title, author, card date and counts.
 * `full` is the main-column form; `compact` the four-up form further down.
 */
export function CategoryBlock({
  category,
  posts,
  titleMax,
  variant = "full",
  likeable = false,
}: {
  category: string;
  posts: Loaded<BlockPost[]>;
  titleMax: number;
  variant?: "full" | "compact";
  likeable?: boolean;
}) {
  const id = `block-${slugId(category)}`;
  const items = posts.ok ? posts.data : [];
  const [lead, ...rest] = items;
  const compact = variant === "compact";
  const byline = (post: BlockPost) => (
    <Byline post={post} likes={likeable ? <LikeButton post={post} /> : undefined} className="mt-1.5" />
  );

  return (
    <section aria-labelledby={`${id}-heading`} data-category-block={category} className="below-the-fold min-w-0">
      <SectionHeading
        id={`${id}-heading`}
        more={{ to: categoryPagePath(category, items), label: "More", context: `${category} stories` }}
      >
        {category}
      </SectionHeading>
      {!posts.ok ? (
        <BlockNotice>{POSTS_LOAD_FAILED}</BlockNotice>
      ) : !lead ? (
        <BlockNotice>No posts yet.</BlockNotice>
      ) : (
        <ol className="flex flex-col gap-4">
          <li>
            <article className="group">
              <PageLink
                to={postPath(lead.slug)}
                tabIndex={-1}
                aria-hidden="true"
                className={`relative block overflow-hidden rounded bg-gray-100 ${compact ? "aspect-[16/9]" : "aspect-[16/10]"}`}
              >
                <CoverImage
                  src={lead.image[0]}
                  sizes={
                    compact
                      ? "(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                      : "(min-width: 1024px) 33vw, 100vw"
                  }
                  className="transition duration-500 group-hover:scale-105"
                />
              </PageLink>
              {lead.type ? (
                <p className="mt-3 inline-block rounded-sm bg-brand-600 px-2 py-0.5 text-[0.65rem] font-bold uppercase tracking-wider text-white">
                  {lead.type}
                </p>
              ) : null}
              <h3
                className={`mt-2 font-serif font-bold leading-snug text-ink ${compact ? "text-lg" : "text-xl sm:text-2xl"}`}
              >
                <PageLink to={postPath(lead.slug)} title={lead.title} className="hover:text-brand-700 hover:underline">
                  {shortenText(lead.title, titleMax)}
                </PageLink>
              </h3>
              {byline(lead)}
            </article>
          </li>
          {rest.map((post) => (
            <li key={post._id} className="border-t border-gray-200 pt-4">
              <article className="group flex gap-3">
                <PageLink
                  to={postPath(post.slug)}
                  tabIndex={-1}
                  aria-hidden="true"
                  className={`block shrink-0 overflow-hidden rounded bg-gray-100 ${compact ? "h-14 w-20" : "h-[4.5rem] w-28"}`}
                >
                  <CoverImage
                    src={post.image[0]}
                    sizes="112px"
                    className="transition duration-500 group-hover:scale-105"
                  />
                </PageLink>
                <div className="min-w-0 flex-1">
                  <h3 className={`font-serif font-bold leading-snug text-ink ${compact ? "text-sm" : "text-base"}`}>
                    <PageLink
                      to={postPath(post.slug)}
                      title={post.title}
                      className="hover:text-brand-700 hover:underline"
                    >
                      {shortenText(post.title, titleMax)}
                    </PageLink>
                  </h3>
                  {byline(post)}
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
