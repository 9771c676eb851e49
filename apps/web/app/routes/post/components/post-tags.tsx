import { tagPath } from "@broadsheet/domain";
import { PageLink } from "../../../components/page-link";
import type { PostDetail } from "../../../lib/post-types";

/** The post's tags after the story, each a link to its tag page. */
export function PostTags({ tags }: { tags: PostDetail["tags"] }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label="Tags" className="mt-8">
      <ul className="flex flex-wrap gap-2 text-sm">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <PageLink
              to={tagPath(tag.slug)}
              rel="tag"
              className="inline-flex rounded-full border border-gray-300 px-3 py-1 font-semibold text-ink hover:border-brand-600 hover:text-brand-700"
            >
              #{tag.name}
            </PageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
