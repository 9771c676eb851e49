import { SidePostItem } from "./featured-news";
import { type CardPost, type Loaded, POSTS_LOAD_FAILED } from "./home-data";
import { SectionHeading } from "./parts";

/** In Case You Missed It: up to 5 older posts worth a second look. */
export function Icymi({ posts }: { posts: Loaded<CardPost[]> }) {
  return (
    <section aria-labelledby="icymi-heading" className="below-the-fold min-w-0 [--unshown-height:440px]">
      <SectionHeading id="icymi-heading">In Case You Missed It</SectionHeading>
      {!posts.ok ? (
        <p className="text-sm text-gray-600">{POSTS_LOAD_FAILED}</p>
      ) : posts.data.length === 0 ? (
        <p className="text-sm text-gray-600">No posts yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {posts.data.map((post) => (
            <li key={post._id}>
              <SidePostItem post={post} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
