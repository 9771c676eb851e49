import { postPath } from "@broadsheet/domain";
import { PageLink } from "../page-link";
import { CategoryLink } from "../post-card";
import type { BlockPost } from "./home-data";
import { CoverImage } from "./parts";

const TILE_CLASSES = [
  "col-span-2 aspect-[16/10] lg:row-span-2 lg:aspect-auto",
  "col-span-2 aspect-[16/8] lg:aspect-auto",
  "aspect-square lg:aspect-auto",
  "aspect-square lg:aspect-auto",
];

/**
 * The top of the front page: the latest World News, Travel, Entertainment and National
 * posts, the first one large. The whole tile is the link (a stretched title link).
 */
export function Mosaic({ posts }: { posts: BlockPost[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="top-stories" className="mt-6">
      <h2 id="top-stories" className="sr-only">
        Top stories
      </h2>
      <div className="grid grid-cols-2 gap-2 lg:h-[30rem] lg:grid-cols-4 lg:grid-rows-2">
        {posts.map((post, index) => {
          const lead = index === 0;
          return (
            <article
              key={post._id}
              className={`group relative overflow-hidden rounded bg-ink ${TILE_CLASSES[index] ?? "aspect-square"}`}
              data-mosaic-tile=""
            >
              <CoverImage
                src={post.image[0]}
                eager={lead}
                sizes={lead ? "(min-width: 1024px) 50vw, 100vw" : "(min-width: 1024px) 25vw, 50vw"}
                className="absolute inset-0 transition duration-700 group-hover:scale-105"
              />
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-gradient-to-t from-black/95 via-black/55 via-40% to-transparent"
              />
              <div className={`absolute inset-x-0 bottom-0 ${lead ? "p-4 sm:p-6" : "p-3 sm:p-4"}`}>
                {/* Above the tile's stretched link, so the label leads to its category. */}
                <p className="relative z-10 mb-2 inline-block rounded-sm bg-brand-600 px-2 py-0.5 text-[0.65rem] font-bold uppercase tracking-wider text-white">
                  <CategoryLink post={post} />
                </p>
                <h3
                  className={`font-serif font-bold leading-tight text-white drop-shadow ${
                    lead ? "text-2xl sm:text-3xl lg:text-4xl" : "text-sm sm:text-lg"
                  }`}
                >
                  <PageLink
                    to={postPath(post.slug)}
                    className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:-outline-offset-4 focus-visible:after:outline-white"
                  >
                    {post.title}
                  </PageLink>
                </h3>
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}
