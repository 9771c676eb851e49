import { useNonce } from "../../../lib/nonce";
import type { PostDetail } from "../../../lib/post-types";

/** schema.org NewsArticle data for search engines. */
export function ArticleJsonLd({
  post,
  canonicalUrl,
  description,
  images,
  siteName,
  siteUrl,
}: {
  post: PostDetail;
  canonicalUrl: string;
  description: string;
  images: string[];
  siteName: string;
  siteUrl: string;
}) {
  const nonce = useNonce();
  const jsonLd = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: post.title,
    description,
    image: images,
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt ?? post.createdAt,
    articleSection: post.category,
    author: [{ "@type": "Person", name: post.author || "Anonymous" }],
    publisher: {
      "@type": "Organization",
      name: siteName,
      logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": canonicalUrl },
    url: canonicalUrl,
  }).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON.stringify output with every "<" escaped cannot close the script.
      dangerouslySetInnerHTML={{ __html: jsonLd }}
    />
  );
}
