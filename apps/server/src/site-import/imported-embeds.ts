import { findEmbed } from "@broadsheet/domain";

/*
 * Embeds of an imported site (decision 077): WordPress's embed block (a figure around the address)
 * and Ghost's embed card (a figure around the provider's iframe or blockquote) become a paragraph
 * holding only the address, which the sanitiser stores as the site's own embed element. A card
 * of a provider this site does not embed is left to become the link or text it holds.
 */

const EMBED_FIGURE =
  /<figure\b[^>]*\bclass="[^"]*\b(?:wp-block-embed|kg-embed-card)\b[^"]*"[^>]*>([\s\S]*?)<\/figure>/gi;
const ADDRESS = /\b(?:src|href)="([^"]+)"|^\s*(https?:\/\/\S+)\s*$/gim;

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The first address in a card that a provider here embeds. */
function cardAddress(inner: string): string | null {
  const text = inner.replace(/<[^>]*>/g, (tag) => (/^<(a|iframe)\b/i.test(tag) ? tag : "\n"));
  for (const match of text.matchAll(ADDRESS)) {
    const embed = findEmbed(decodeAttribute(match[1] ?? match[2] ?? ""));
    if (embed) return embed.url;
  }
  return null;
}

/** Imported HTML with each embed card written as a paragraph of its address, its caption kept after it. */
export function importedEmbeds(html: string): string {
  return html.replace(EMBED_FIGURE, (figure, inner: string) => {
    const address = cardAddress(inner.replace(/<figcaption[\s\S]*?<\/figcaption>/gi, ""));
    if (!address) return figure;
    const caption = /<figcaption[^>]*>([\s\S]*?)<\/figcaption>/i.exec(inner)?.[1]?.trim();
    return `<p>${escapeText(address)}</p>${caption ? `<p><em>${caption}</em></p>` : ""}`;
  });
}
