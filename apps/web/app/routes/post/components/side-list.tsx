import { CompactPostItem } from "../../../components/post-card";
import type { PostSummary } from "../../../lib/post-types";

export function SideList({
  id,
  title,
  posts,
  empty,
}: {
  id: string;
  title: string;
  posts: PostSummary[];
  empty: string;
}) {
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
