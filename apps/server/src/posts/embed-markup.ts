import { type Embed, embedMarkup, findEmbed } from "@broadsheet/domain";
import { DomUtils, parseDocument } from "htmlparser2";

/*
 * Embeds in stored HTML (decision 077): whatever the editor, an API client or an import sent, an
 * embed is stored as the one placeholder element the domain writes, rebuilt from its shared
 * address; the provider, frame address and markup are never taken from the input.
 */

/** The longest provider title kept on an embed. */
export const EMBED_TITLE_MAX = 300;

export interface FoundEmbed {
  embed: Embed;
  title: string;
  thumbnail: string;
}

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/** An embed a figure or a paragraph stands for, or null: a figure's address, or a paragraph that is only an address. */
function embedOf(element: Element): FoundEmbed | null {
  if (element.name === "figure") {
    const embed = findEmbed(element.attribs["data-url"] ?? "");
    if (!embed) return null;
    return { embed, title: element.attribs["data-title"] ?? "", thumbnail: element.attribs["data-thumbnail"] ?? "" };
  }
  if (element.name !== "p") return null;
  if (DomUtils.findOne((node) => node.name === "img", element.children)) return null;
  const embed = findEmbed(DomUtils.textContent(element));
  return embed ? { embed, title: "", thumbnail: "" } : null;
}

/**
 * `html` (sanitised) with each embed replaced by what `write` makes of it; a figure that is no
 * embed leaves its content in its place.
 */
export function rewriteEmbeds(html: string, write: (found: FoundEmbed) => string): string {
  // Most bodies have neither a figure nor a paragraph opening with an address: no parse for them.
  if (!/<figure[\s>]/i.test(html) && !/<p\b[^>]*>(?:\s|<[^>]+>)*https?:\/\//i.test(html)) return html;
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (nodes: Element["children"]) => {
    for (const node of nodes) {
      if (node.type !== "tag") continue;
      const element = node as Element;
      const found = embedOf(element);
      const start = element.startIndex ?? 0;
      const end = (element.endIndex ?? start) + 1;
      if (found) edits.push({ start, end, text: write(found) });
      else if (element.name === "figure") {
        const first = element.children[0];
        const last = element.children[element.children.length - 1];
        const inner = first && last ? html.slice(first.startIndex ?? start, (last.endIndex ?? end - 1) + 1) : "";
        edits.push({ start, end, text: rewriteEmbeds(inner, write) });
      } else visit(element.children);
    }
  };
  visit(document.children);
  let result = html;
  for (const edit of edits.reverse()) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** The embeds in stored HTML, in order. */
export function embedsIn(html: string): FoundEmbed[] {
  const found: FoundEmbed[] = [];
  rewriteEmbeds(html, (embed) => {
    found.push(embed);
    return "";
  });
  return found;
}

/** Every embed written as the stored placeholder element. */
export function canonicalEmbeds(html: string): string {
  return rewriteEmbeds(html, embedMarkup);
}
