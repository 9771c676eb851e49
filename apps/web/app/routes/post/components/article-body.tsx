import { ProseStylesheet } from "../../../components/prose-stylesheet";

/** The article's HTML, as the server sanitised it on write (docs/product.md#11-security). */
export function ArticleBody({ html }: { html: string }) {
  return (
    <>
      <ProseStylesheet />
      <div
        className="prose prose-lg mt-8 max-w-none prose-headings:font-serif prose-headings:text-ink prose-a:text-brand-700 prose-blockquote:border-l-brand-600 prose-img:rounded-lg"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: post HTML is sanitised by the server on write (docs/product.md#11-security).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
