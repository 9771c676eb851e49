import { authorPath, authorsApi, postsApi, responsiveImage } from "@broadsheet/domain";
import { data } from "react-router";
import { archiveLocation, archiveShareTags } from "../../components/archive/archive-meta";
import {
  ArchiveList,
  archivePageDescription,
  archivePageNumber,
  Breadcrumbs,
} from "../../components/archive/archive-page";
import { breadcrumbList, JsonLd } from "../../components/json-ld";
import { callApi, errorMessage } from "../../lib/api.server";
import { publicPageHeaders } from "../../lib/public-page";
import { siteNameIn } from "../../lib/site";
import type { Route } from "./+types/route";
import { storiesLine } from "./stories-line";

/*
 * /author/:slug: who writes for the site (name, photo, bio) and their published posts, paged
 * with real links. Staff and accounts with a published post have one (the API answers 404 otherwise).
 */

export const headers = publicPageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = archivePageNumber(request);
  const [authorResult, postsResult] = await Promise.all([
    callApi(context, authorsApi.get, { params: { slug: params.slug } }),
    callApi(context, postsApi.list, {
      query: { author: params.slug, page, limit: context.site.postsPerPage, sort: "latest" },
    }),
  ]);
  if (authorResult.status === 404) throw data(null, { status: 404 });
  if (!authorResult.ok) throw data(errorMessage(authorResult), { status: authorResult.status });
  if (!postsResult.ok) throw data(errorMessage(postsResult), { status: postsResult.status });
  if (page > 1 && postsResult.data.items.length === 0) throw data(null, { status: 404 });
  return {
    author: authorResult.data,
    posts: postsResult.data,
    ...archiveLocation(context, authorPath(authorResult.data.slug), page),
  };
}

type AuthorPageData = Route.ComponentProps["loaderData"];

function pageDescription({ author, siteName }: Pick<AuthorPageData, "author" | "siteName">): string {
  return author.bio || `Stories by ${author.name} for ${siteName}.`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `Page Not Found | ${siteNameIn(matches)}` }];
  const { author, posts, siteName, canonicalUrl } = loaderData;
  const title = `${author.name}${posts.page > 1 ? ` – page ${posts.page}` : ""} | ${siteName}`;
  const description = archivePageDescription(pageDescription(loaderData), posts.page);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    ...archiveShareTags(matches, "profile", { title, description, siteName, canonicalUrl }),
  ];
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, posts, path, siteUrl, canonicalUrl } = loaderData;
  const photo = author.photo ? responsiveImage(author.photo, "96px") : null;
  return (
    <div>
      <JsonLd
        data={{
          "@type": "ProfilePage",
          url: canonicalUrl,
          mainEntity: {
            "@type": "Person",
            name: author.name,
            url: `${siteUrl}${path}`,
            ...(author.bio ? { description: author.bio } : {}),
            ...(author.photo ? { image: new URL(author.photo, `${siteUrl}/`).href } : {}),
          },
        }}
      />
      <JsonLd
        data={breadcrumbList([
          { name: "Home", url: `${siteUrl}/` },
          { name: author.name, url: `${siteUrl}${path}` },
        ])}
      />
      <Breadcrumbs
        items={[
          { name: "Home", href: "/" },
          { name: author.name, href: path },
        ]}
      />
      <header className="mt-4 flex items-center gap-5 border-b-4 border-ink pb-6">
        {photo ? (
          <img
            {...photo}
            alt={author.name}
            width={96}
            height={96}
            className="h-24 w-24 shrink-0 rounded-full bg-gray-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-ink font-serif text-4xl font-bold text-white"
          >
            {author.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className="font-serif text-4xl font-black tracking-tight text-ink">{author.name}</h1>
          {author.bio ? <p className="mt-2 max-w-2xl text-gray-700">{author.bio}</p> : null}
          <p className="mt-1 text-sm text-gray-600">{storiesLine(author)}</p>
        </div>
      </header>
      <ArchiveList
        posts={posts}
        path={path}
        label={`Posts by ${author.name}`}
        empty={`${author.name} has no published posts yet.`}
      />
    </div>
  );
}
