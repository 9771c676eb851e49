import { authorPath, categoryPath, PUBLISHER_LOGO } from "@broadsheet/domain";
import { breadcrumbList, JsonLd } from "../../../components/json-ld";
import type { PostDetail } from "../../../lib/post-types";

/** schema.org NewsArticle (with its author's page and the publisher) and the breadcrumb trail. */
export function ArticleJsonLd({
  post,
  canonicalUrl,
  description,
  images,
  siteName,
  siteUrl,
  siteLogo,
}: {
  post: PostDetail;
  canonicalUrl: string;
  description: string;
  images: string[];
  siteName: string;
  siteUrl: string;
  /** Absolute URL of the publisher logo: the settings' logo as a PNG of PUBLISHER_LOGO's size. */
  siteLogo: string;
}) {
  const authorPage = post.authorSlug ? authorPath(post.authorSlug) : null;
  const categoryUrl = `${siteUrl}${categoryPath(post.categorySlug)}`;
  return (
    <>
      <JsonLd
        data={{
          "@type": "NewsArticle",
          headline: post.title,
          description,
          image: images,
          datePublished: post.publishedAt ?? post.createdAt,
          dateModified: post.updatedAt ?? post.createdAt,
          articleSection: post.category,
          ...(post.tags.length > 0 ? { keywords: post.tags.map((tag) => tag.name) } : {}),
          ...(post.correction && post.correctedAt
            ? {
                correction: {
                  "@type": "CorrectionComment",
                  text: post.correction,
                  datePublished: post.correctedAt,
                },
              }
            : {}),
          author:
            post.bylines.length > 1
              ? post.bylines.map((byline) => ({
                  "@type": "Person",
                  name: byline.name,
                  url: `${siteUrl}${authorPath(byline.slug)}`,
                }))
              : [
                  {
                    "@type": "Person",
                    name: post.author || "Anonymous",
                    ...(authorPage ? { url: `${siteUrl}${authorPage}` } : {}),
                  },
                ],
          publisher: {
            "@type": "Organization",
            name: siteName,
            url: siteUrl,
            logo: {
              "@type": "ImageObject",
              url: siteLogo,
              width: PUBLISHER_LOGO.width,
              height: PUBLISHER_LOGO.height,
            },
          },
          mainEntityOfPage: { "@type": "WebPage", "@id": canonicalUrl },
          url: canonicalUrl,
        }}
      />
      <JsonLd
        data={breadcrumbList([
          { name: "Home", url: `${siteUrl}/` },
          { name: post.category, url: categoryUrl },
          { name: post.title, url: canonicalUrl },
        ])}
      />
    </>
  );
}
