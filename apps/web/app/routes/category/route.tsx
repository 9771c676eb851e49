import { categoriesApi, categoryPath, postsApi, typesApi } from "@broadsheet/domain";
import { data, Link } from "react-router";
import { archiveLocation, feedArchiveHead } from "../../components/archive/archive-meta";
import {
  ArchiveList,
  archivePageDescription,
  archivePageNumber,
  Breadcrumbs,
  FeedArchiveHeader,
} from "../../components/archive/archive-page";
import { breadcrumbList, JsonLd } from "../../components/json-ld";
import { callApi, errorMessage } from "../../lib/api.server";
import { publicPageHeaders } from "../../lib/public-page";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/route";

/*
 * /category/:slug and /category/:slug/:type: the indexable home of a category (or one of its
 * types). Server-rendered, paged with real links, canonical, with its own RSS feed; /search
 * stays the (noindex) place to filter and search.
 */

export const headers = publicPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = archivePageNumber(request);
  const [categoriesResult, typesResult] = await Promise.all([
    callApi(context, categoriesApi.list),
    callApi(context, typesApi.list),
  ]);
  if (!categoriesResult.ok) throw data(errorMessage(categoriesResult), { status: categoriesResult.status });
  if (!typesResult.ok) throw data(errorMessage(typesResult), { status: typesResult.status });
  const category = categoriesResult.data.find((item) => item.slug === params.slug);
  if (!category) throw data(null, { status: 404 });
  const types = typesResult.data.filter((item) => item.categoryId === category._id);
  const type = params.type === undefined ? undefined : types.find((item) => item.slug === params.type);
  if (params.type !== undefined && !type) throw data(null, { status: 404 });

  const postsResult = await callApi(context, postsApi.list, {
    query: { category: category.slug, type: type?.slug, page, limit: context.site.postsPerPage, sort: "latest" },
  });
  if (!postsResult.ok) throw data(errorMessage(postsResult), { status: postsResult.status });
  // Past the last page there is nothing to index: a 404, not an empty page.
  if (page > 1 && postsResult.data.items.length === 0) throw data(null, { status: 404 });

  return {
    category: { name: category.name, slug: category.slug },
    type: type ? { name: type.name, slug: type.slug } : null,
    types: types.map((item) => ({ name: item.name, slug: item.slug })),
    posts: postsResult.data,
    ...archiveLocation(context, categoryPath(category.slug, type?.slug), page),
  };
}

type CategoryPageData = Route.ComponentProps["loaderData"];

function pageTitle({ category, type, posts }: Pick<CategoryPageData, "category" | "type" | "posts">): string {
  const name = type ? `${type.name} · ${category.name}` : category.name;
  return posts.page > 1 ? `${name} – page ${posts.page}` : name;
}

function pageDescription({ category, type, siteName }: Pick<CategoryPageData, "category" | "type" | "siteName">) {
  return type
    ? `${type.name} stories in ${category.name} from ${siteName}: the latest first.`
    : `The latest ${category.name} news, analysis and long reads from ${siteName}.`;
}

/** The name of the listing's own feed: the category's, or the type's within it. */
function feedName({ category, type }: Pick<CategoryPageData, "category" | "type">): string {
  return type ? `${type.name} in ${category.name}` : category.name;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `Page Not Found | ${siteNameIn(matches)}` }];
  const title = `${pageTitle(loaderData)} | ${loaderData.siteName}`;
  const description = archivePageDescription(pageDescription(loaderData), loaderData.posts.page);
  return feedArchiveHead(matches, { ...loaderData, title, description }, feedName(loaderData));
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, type, types, posts, path, siteUrl, siteName, canonicalUrl } = loaderData;
  const categoryHref = categoryPath(category.slug);
  const crumbs = [
    { name: "Home", href: "/" },
    { name: category.name, href: categoryHref },
    ...(type ? [{ name: type.name, href: path }] : []),
  ];
  return (
    <div>
      <JsonLd
        data={{
          "@type": "CollectionPage",
          name: pageTitle(loaderData),
          description: pageDescription(loaderData),
          url: canonicalUrl,
          isPartOf: { "@type": "WebSite", name: siteName, url: siteUrl },
        }}
      />
      <JsonLd data={breadcrumbList(crumbs.map((crumb) => ({ name: crumb.name, url: `${siteUrl}${crumb.href}` })))} />
      <Breadcrumbs items={crumbs} />
      <FeedArchiveHeader
        title={type ? type.name : category.name}
        description={pageDescription(loaderData)}
        path={path}
        feedName={feedName(loaderData)}
      />
      {types.length > 0 ? (
        <nav aria-label={`Types of ${category.name}`} className="mt-4">
          <ul className="flex flex-wrap gap-2 text-sm">
            <li>
              <TypeLink href={categoryHref} current={!type}>
                {`All ${category.name}`}
              </TypeLink>
            </li>
            {types.map((item) => (
              <li key={item.slug}>
                <TypeLink href={categoryPath(category.slug, item.slug)} current={type?.slug === item.slug}>
                  {item.name}
                </TypeLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ArchiveList
        posts={posts}
        path={path}
        label={type ? `${type.name} posts` : `${category.name} posts`}
        empty={`No posts in ${type ? type.name : category.name} yet.`}
      />
    </div>
  );
}

function TypeLink({ href, current, children }: { href: string; current: boolean; children: string }) {
  return (
    <Link
      to={href}
      aria-current={current ? "page" : undefined}
      className={`inline-flex rounded-full border px-3 py-1 font-semibold ${
        current
          ? "border-brand-600 bg-brand-600 text-white"
          : "border-gray-300 text-ink hover:border-brand-600 hover:text-brand-700"
      }`}
    >
      {children}
    </Link>
  );
}
