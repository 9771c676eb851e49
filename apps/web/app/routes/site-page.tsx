import {
  fillSiteFieldsHtml,
  fillSiteFieldsText,
  formatLongDate,
  htmlToText,
  isStaff,
  MESSAGES,
  pagePath,
  pagesApi,
} from "@broadsheet/domain";
import { data } from "react-router";
import { ProseStylesheet } from "../components/prose-stylesheet";
import { callApi, errorMessage } from "../lib/api.server";
import { publicPageHeaders } from "../lib/public-page";
import { useSessionUser } from "../lib/session-user";
import { siteNameIn, twitterSiteTags } from "../lib/site";
import type { Route } from "./+types/site-page";

/*
 * /{slug}: a static page (About, Terms, Privacy…). Every other route wins over this one; a slug
 * no published page has is the site's 404, but staff see drafts here before they go out.
 */

export const headers = publicPageHeaders;

const DESCRIPTION_LENGTH = 160;

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await callApi(context, pagesApi.get, { params: { id: params.slug } });
  if (result.status === 404) throw data(null, { status: 404 });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  // The raw text, with its [site-name]…, stays on the server: the page gets it filled in.
  const { content, metaDescription, metaTitle, excerpt, socialImage, canonicalUrl, slug } = result.data;
  const { _id, title, isPublished, updatedAt } = result.data;
  const { site } = context;
  const fields = { siteName: site.siteName, contactEmail: site.contactEmail, contactPhone: site.contactPhone };
  const page = { _id, title, isPublished, updatedAt, excerpt: fillSiteFieldsText(excerpt, fields) };
  const html = fillSiteFieldsHtml(content, fields);
  const description =
    fillSiteFieldsText(metaDescription, fields) ||
    page.excerpt ||
    htmlToText(html).slice(0, DESCRIPTION_LENGTH) ||
    page.title;
  const base = site.publicUrl.replace(/\/+$/, "");
  return {
    page,
    html,
    metaTitle: fillSiteFieldsText(metaTitle, fields) || page.title,
    description,
    canonicalUrl: canonicalUrl || `${base}${pagePath(slug)}`,
    // A /media/… image is the site's own: shares need its whole address.
    socialImage: socialImage && !/^https?:\/\//i.test(socialImage) ? `${base}${socialImage}` : socialImage,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = siteNameIn(matches);
  if (!loaderData) return [{ title: `${MESSAGES.pageNotFound} | ${siteName}` }];
  const { page, metaTitle, description, canonicalUrl, socialImage } = loaderData;
  return [
    { title: `${metaTitle} | ${siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    // A draft shown to staff is not for search engines, whatever a crawler with a session sees.
    ...(page.isPublished ? [] : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: metaTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    ...(socialImage ? [{ property: "og:image", content: socialImage }] : []),
    { name: "twitter:card", content: socialImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: metaTitle },
    { name: "twitter:description", content: description },
    ...twitterSiteTags(matches),
    ...(socialImage ? [{ name: "twitter:image", content: socialImage }] : []),
  ];
};

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { page, html } = loaderData;
  const staff = isStaff(useSessionUser()?.role);
  return (
    <article className="prose prose-lg mx-auto max-w-3xl py-8 prose-headings:font-serif prose-a:text-brand-700">
      <ProseStylesheet />
      {!page.isPublished && (
        <p className="not-prose rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900" role="status">
          Draft: only staff can see this page.
        </p>
      )}
      <h1>{page.title}</h1>
      {page.excerpt ? <p className="lead">{page.excerpt}</p> : null}
      <p className="text-sm text-gray-600">{`Last updated ${formatLongDate(page.updatedAt)}`}</p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: page HTML is sanitised by the server on write (docs/product.md#11-security). */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {staff && (
        <p className="not-prose mt-8 text-sm">
          <a className="text-brand-700 underline" href={`/admin/edit-page/${page._id}`}>
            Edit page
          </a>
        </p>
      )}
    </article>
  );
}
