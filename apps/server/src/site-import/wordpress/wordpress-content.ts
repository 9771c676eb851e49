import { attachedImagesSource, attachmentImageSource } from "../model";

/*
 * A WordPress body as plain HTML: block comments dropped, classic content given the paragraphs
 * WordPress's wpautop would have made, shortcodes expanded. The site's sanitiser runs after this
 * (in the writer), so what is made here sticks to what it keeps: no iframes, video or audio yet,
 * so embeds and media files become links.
 */

const BLOCK_COMMENT = /<!--\s*\/?wp:[\s\S]*?-->/g;
const SHORTCODE = /\[(\/?)([a-zA-Z_][\w-]*)((?:\s[^\]]*)?)\](?:([\s\S]*?)\[\/\2\])?/g;
const BLOCK_TAG =
  /^<\/?(p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|figcaption|table|thead|tbody|tr|td|th|hr|dl|dd|dt|section|address|form|fieldset)[\s>/]/i;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A shortcode's attributes: name="value", name='value', name=value. */
export function shortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g)) {
    attributes[(match[1] ?? "").toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return attributes;
}

function link(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
}

function fileName(url: string): string {
  return decodeURIComponentSafe(url.split(/[?#]/)[0]?.split("/").pop() ?? url) || url;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** [caption]<a><img></a> Words[/caption] → a figure with the image and the words as its caption. */
function caption(attributes: Record<string, string>, inner: string): string {
  const imageHtml = inner.match(/(<a\b[^>]*>\s*)?<img[^>]*>(\s*<\/a>)?/i)?.[0] ?? "";
  const rest = imageHtml ? inner.replace(imageHtml, "") : inner;
  const words = (attributes.caption ?? rest).trim();
  return `<figure>${imageHtml}${words ? `<figcaption>${words}</figcaption>` : ""}</figure>`;
}

/** [gallery ids="1,2"] shows those attachments; a bare [gallery] every image attached to the entry. */
function gallery(attributes: Record<string, string>, entrySourceId: string): string | null {
  const ids = (attributes.ids ?? attributes.include ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id));
  const sources =
    ids.length > 0 ? ids.map(attachmentImageSource) : entrySourceId ? [attachedImagesSource(entrySourceId)] : [];
  if (sources.length === 0) return null;
  return `<figure>${sources.map((src) => `<img src="${src}" alt="">`).join("")}</figure>`;
}

function media(kind: "video" | "audio", rawAttributes: string, inner: string): string | null {
  const attributes = shortcodeAttributes(rawAttributes);
  const url =
    attributes.src ??
    Object.entries(attributes).find(([name]) => /^(mp4|m4v|webm|ogv|ogg|wmv|flv|mp3|m4a|wav|wma)$/.test(name))?.[1] ??
    // WordPress.com's [audio https://…] names the file without an attribute.
    rawAttributes.match(/^\s*(https?:\/\/\S+)/)?.[1] ??
    inner.trim();
  if (!/^https?:\/\//i.test(url)) return null;
  return link(url, `${kind === "video" ? "Video" : "Audio"}: ${fileName(url)}`);
}

/** Only what is written like a shortcode is reported: [name] or [name key="value"], not [a few words]. */
function looksLikeShortcode(rawAttributes: string): boolean {
  return rawAttributes.trim() === "" || /=/.test(rawAttributes);
}

function expandShortcodes(html: string, entrySourceId: string, unknown: Set<string>): string {
  return html.replace(SHORTCODE, (whole, closing: string, rawName: string, rawAttributes: string, inner?: string) => {
    const name = rawName.toLowerCase();
    if (closing) return whole;
    const attributes = shortcodeAttributes(rawAttributes ?? "");
    const body = inner ?? "";
    let expanded: string | null = null;
    if (name === "caption" || name === "wp_caption") expanded = caption(attributes, body);
    else if (name === "gallery") expanded = gallery(attributes, entrySourceId);
    else if (name === "embed") expanded = /^https?:\/\//i.test(body.trim()) ? link(body.trim(), body.trim()) : null;
    else if (name === "video" || name === "audio") expanded = media(name, rawAttributes ?? "", body);
    if (expanded !== null) return expanded;
    if (looksLikeShortcode(rawAttributes ?? "")) unknown.add(name);
    return whole;
  });
}

/** A line that is only an address is an embed in WordPress (a YouTube video, a tweet): a link here. */
function linkBareUrls(html: string): string {
  return html.replace(/^([ \t]*)(https?:\/\/[^\s<>"]+)[ \t]*$/gm, (_line, indent: string, url: string) => {
    return `${indent}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  });
}

/**
 * WordPress's wpautop, in short: blank lines end paragraphs, a single newline inside one is a
 * line break; a chunk that is already a block element stays as it is, and <pre> is left alone.
 */
export function autoParagraphs(html: string): string {
  const preserved: string[] = [];
  const withoutPre = html.replace(/<pre[\s\S]*?<\/pre>/gi, (pre) => {
    preserved.push(pre);
    return `\n\n<!--pre:${preserved.length - 1}-->\n\n`;
  });
  const chunks = withoutPre
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean);
  const paragraphs = chunks.map((chunk) => {
    if (BLOCK_TAG.test(chunk) || chunk.startsWith("<!--")) return chunk;
    return `<p>${chunk.replace(/\n/g, "<br />\n")}</p>`;
  });
  return paragraphs.join("\n").replace(/<!--pre:(\d+)-->/g, (_, index: string) => preserved[Number(index)] ?? "");
}

export interface ConvertedContent {
  html: string;
  /** Shortcodes left as text, by name. */
  unknownShortcodes: string[];
}

/** `entrySourceId`: the entry the body belongs to, for a [gallery] of its attached images. */
export function convertWordPressContent(source: string, entrySourceId = ""): ConvertedContent {
  const hasBlocks = /<!--\s*wp:/.test(source);
  const unknown = new Set<string>();
  let html = source.replace(BLOCK_COMMENT, "");
  html = expandShortcodes(html, entrySourceId, unknown);
  html = linkBareUrls(html);
  if (!hasBlocks) html = autoParagraphs(html);
  return { html: html.trim(), unknownShortcodes: [...unknown] };
}
