import { postsApi, tagPath, tagsApi } from "@broadsheet/domain";
import { data } from "react-router";
import { archiveLocation, feedArchiveHead } from "../../components/archive/archive-meta";
import {
  ArchiveList,
  archivePageDescription,
  archivePageNumber,
  Breadcrumbs,
  FeedArchiveHeader,
} from "../../components/archive/archive-page";
import { JsonLd } from "../../components/json-ld";
import { callApi, errorMessage } from "../../lib/api.server";
import { publicPageHeaders } from "../../lib/public-page";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/route";

/*
 * /tag/:slug: the indexable home of a tag (docs/product/tags.md), its published posts paged with
 * real links (?page=N), canonical, with its own feeds at /tag/{slug}/rss.xml (atom.xml, feed.json).
 */

export const headers = publicPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = archivePageNumber(request);
  const [tagResult, postsResult] = await Promise.all([
    callApi(context, tagsApi.get, { params: { id: params.slug } }),
    callApi(context, postsApi.list, {
      query: { tag: params.slug, page, limit: context.site.postsPerPage, sort: "latest" },
    }),
  ]);
  if (tagResult.status === 404) throw data(null, { status: 404 });
  if (!tagResult.ok) throw data(errorMessage(tagResult), { status: tagResult.status });
  if (!postsResult.ok) throw data(errorMessage(postsResult), { status: postsResult.status });
  // Past the last page there is nothing to index: a 404, not an empty page.
  if (page > 1 && postsResult.data.items.length === 0) throw data(null, { status: 404 });
  const tag = { name: tagResult.data.name, slug: tagResult.data.slug };
  return { tag, posts: postsResult.data, ...archiveLocation(context, tagPath(tag.slug), page) };
}

type TagPageData = Route.ComponentProps["loaderData"];

const describeTag = ({ tag, siteName }: Pick<TagPageData, "tag" | "siteName">) =>
  `Stories tagged ${tag.name} from ${siteName}, the latest first.`;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `Page Not Found | ${siteNameIn(matches)}` }];
  const { tag, posts, siteName } = loaderData;
  const title = `${tag.name}${posts.page > 1 ? ` – page ${posts.page}` : ""} | ${siteName}`;
  const description = archivePageDescription(describeTag(loaderData), posts.page);
  return feedArchiveHead(matches, { ...loaderData, title, description }, tag.name);
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, posts, path, siteUrl, siteName, canonicalUrl } = loaderData;
  return (
    <div>
      <JsonLd
        data={{
          "@type": "CollectionPage",
          name: tag.name,
          description: describeTag(loaderData),
          url: canonicalUrl,
          keywords: tag.name,
          isPartOf: { "@type": "WebSite", name: siteName, url: siteUrl },
        }}
      />
      <Breadcrumbs
        items={[
          { name: "Home", href: "/" },
          { name: `#${tag.name}`, href: path },
        ]}
      />
      <FeedArchiveHeader
        kicker="Tag"
        title={tag.name}
        description={describeTag(loaderData)}
        path={path}
        feedName={tag.name}
      />
      <ArchiveList
        posts={posts}
        path={path}
        label={`Posts tagged ${tag.name}`}
        empty={`No posts tagged ${tag.name} yet.`}
      />
    </div>
  );
}
