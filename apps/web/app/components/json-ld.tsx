import { useSite } from "../lib/site";

/** schema.org data for search engines, as one JSON-LD script. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON.stringify output with every "<" escaped cannot close the script.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** A BreadcrumbList of absolute URLs: Home first, the page itself last. */
export function breadcrumbList(items: { name: string; url: string }[]): Record<string, unknown> {
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** The site as schema.org WebSite, with the search page as its SearchAction (on the home page). */
export function WebSiteJsonLd() {
  const site = useSite();
  if (!site) return null;
  const base = site.publicUrl.replace(/\/+$/, "");
  return (
    <JsonLd
      data={{
        "@type": "WebSite",
        name: site.siteName,
        url: `${base}/`,
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${base}/search?search={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      }}
    />
  );
}
