import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import {
  type ExportReader,
  type ImportedAttachment,
  type ImportedAuthor,
  type ImportedComment,
  type ImportedEntry,
  type ImportedSite,
  ImportInputError,
  type ImportRecord,
  type TermRef,
} from "../model";
import { convertWordPressContent } from "./wordpress-content";

/*
 * WordPress's export (WXR 1.1 / 1.2: RSS 2.0 with the wp:, content:, excerpt: and dc: namespaces)
 * read as a stream with saxes: memory stays flat whatever the file's size. saxes expands only
 * XML's five predefined entities and never fetches anything, and a DOCTYPE that declares
 * entities (a billion-laughs bomb, an external entity) is refused before any of it is used.
 */

export const WXR_MAX_BYTES = 2 * 1024 ** 3;
const CHUNK_BYTES = 256 * 1024;

export const WXR_MESSAGES = {
  notWxr: "This is not a WordPress export (WXR) file.",
  entities: "The file declares XML entities (a DOCTYPE with <!ENTITY>), which a WordPress export never does: refused.",
  tooLarge: (max: number) =>
    `The file is larger than ${max >= 1024 ** 3 ? `${Math.round(max / 1024 ** 3)} GB` : `${Math.max(1, Math.round(max / 1024))} KB`}, the most an import reads.`,
  broken: (where: string) => `The file is not well-formed XML (${where}).`,
  unreadable: "The file cannot be read.",
} as const;

const SKIPPED_STATUSES: Record<string, string> = { trash: "in the trash", "auto-draft": "an automatic draft" };

interface RawComment {
  id: string;
  parent: string;
  author: string;
  email: string;
  dateGmt: string;
  date: string;
  content: string;
  approved: string;
  type: string;
}

interface RawItem {
  fields: Map<string, string>;
  categories: { domain: string; slug: string; name: string }[];
  meta: Map<string, string>;
  comments: RawComment[];
}

/** A date of the export ("2020-05-01 10:00:00", UTC when from a *_gmt field), or null for WordPress's zero date. */
function exportDate(gmt: string | undefined, local: string | undefined): Date | null {
  for (const [value, zone] of [
    [gmt, "Z"],
    [local, "Z"],
  ] as const) {
    const text = value?.trim() ?? "";
    if (!text || text.startsWith("0000-00-00")) continue;
    const date = new Date(`${text.replace(" ", "T")}${zone}`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return null;
}

/** A comment's text as plain text, paragraphs kept as blank lines. */
function commentText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p[^>]*>/gi, "\n\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .trim();
}

function plainText(html: string): string {
  return commentText(html).replace(/\s+/g, " ").trim();
}

/** The path of `link` on the old site, and the same path below the site's base path when it has one. */
function linkPaths(link: string, basePath: string): string[] {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return [];
  }
  // The site's own /?p=123 permalinks are added by their id; any other query is not an address.
  if (url.search && url.pathname === `${basePath}/`) return [];
  const paths = [url.pathname];
  if (basePath && url.pathname.startsWith(`${basePath}/`)) paths.push(url.pathname.slice(basePath.length));
  return paths.filter((path) => path !== "/" && path !== "");
}

function basePathOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}

interface ReaderState {
  site: ImportedSite | null;
  siteFields: Map<string, string>;
  basePath: string;
}

function toComments(raw: RawComment[]): { comments: ImportedComment[]; skipped: Record<string, number> } {
  const comments: ImportedComment[] = [];
  const skipped: Record<string, number> = {};
  for (const comment of raw) {
    const type = comment.type.trim();
    const reason =
      type === "pingback" || type === "trackback"
        ? type
        : comment.approved === "1"
          ? ""
          : comment.approved === "spam"
            ? "spam"
            : comment.approved === "trash"
              ? "trash"
              : "unapproved";
    const text = commentText(comment.content);
    const why = reason || (text ? "" : "empty");
    if (why) {
      skipped[why] = (skipped[why] ?? 0) + 1;
      continue;
    }
    comments.push({
      sourceId: comment.id,
      parentSourceId: comment.parent === "0" ? "" : comment.parent,
      authorName: comment.author.trim() || "Anonymous",
      authorEmail: comment.email.trim(),
      createdAt: exportDate(comment.dateGmt, comment.date) ?? new Date(0),
      text,
    });
  }
  // A reply to a comment that was left out hangs from the post instead.
  const kept = new Set(comments.map((comment) => comment.sourceId));
  for (const comment of comments) if (!kept.has(comment.parentSourceId)) comment.parentSourceId = "";
  return { comments, skipped };
}

function entryStatus(status: string, password: string): Pick<ImportedEntry, "status" | "statusNote"> {
  if (password) return { status: "draft", statusNote: "password-protected → draft" };
  switch (status) {
    case "publish":
      return { status: "published", statusNote: "" };
    case "future":
      return { status: "scheduled", statusNote: "" };
    case "private":
      return { status: "draft", statusNote: "private → draft" };
    case "pending":
      return { status: "draft", statusNote: "pending review → draft" };
    default:
      return { status: "draft", statusNote: status === "draft" ? "" : `${status} → draft` };
  }
}

function toEntry(item: RawItem, entryType: "post" | "page", state: ReaderState): ImportedEntry {
  const field = (name: string) => item.fields.get(name) ?? "";
  const sourceId = field("wp:post_id");
  const { html, unknownShortcodes } = convertWordPressContent(field("content:encoded"), sourceId);
  const { status, statusNote } = entryStatus(field("wp:status"), field("wp:post_password"));
  const createdAt = exportDate(field("wp:post_date_gmt"), field("wp:post_date")) ?? new Date(0);
  const modifiedAt = exportDate(field("wp:post_modified_gmt"), field("wp:post_modified")) ?? createdAt;
  const byDomain = (domain: string): TermRef[] =>
    item.categories
      .filter((category) => category.domain === domain)
      .map((category) => ({ name: category.name.trim(), slug: category.slug }));
  const thumbnail = item.meta.get("_thumbnail_id") ?? "";
  const idPath = entryType === "post" ? `/?p=${sourceId}` : `/?page_id=${sourceId}`;
  const { comments, skipped } = toComments(item.comments);
  const creator = field("dc:creator").trim();
  return {
    kind: "entry",
    entryType,
    sourceId,
    title: field("title").trim(),
    slug: field("wp:post_name").trim(),
    html,
    excerpt: plainText(field("excerpt:encoded")),
    status,
    statusNote,
    publishedAt: status === "draft" && field("wp:status") !== "private" ? null : createdAt,
    createdAt,
    updatedAt: modifiedAt,
    authorSourceIds: creator ? [creator] : [],
    categories: byDomain("category"),
    tags: byDomain("post_tag"),
    isFeatured: field("wp:is_sticky") === "1",
    featureImage: thumbnail && thumbnail !== "0" ? { attachmentSourceId: thumbnail } : null,
    metaTitle: (item.meta.get("_yoast_wpseo_title") ?? "").trim(),
    metaDescription: (item.meta.get("_yoast_wpseo_metadesc") ?? "").trim(),
    parentSourceId: field("wp:post_parent") === "0" ? "" : field("wp:post_parent"),
    oldPaths: [
      ...new Set([
        ...linkPaths(field("link").trim(), state.basePath),
        idPath,
        ...(state.basePath ? [`${state.basePath}${idPath}`] : []),
      ]),
    ],
    comments,
    skippedComments: skipped,
    warnings: unknownShortcodes.map((name) => `unknown shortcode [${name}] left as text`),
  };
}

function toAttachment(item: RawItem): ImportedAttachment {
  const field = (name: string) => item.fields.get(name) ?? "";
  return {
    kind: "attachment",
    sourceId: field("wp:post_id"),
    url: (field("wp:attachment_url") || field("guid")).trim(),
    alt: (item.meta.get("_wp_attachment_image_alt") ?? "").trim(),
    caption: plainText(field("excerpt:encoded")),
    parentSourceId: field("wp:post_parent") === "0" ? "" : field("wp:post_parent"),
  };
}

/** What one item of the channel becomes: an entry, an attachment, or a note of what was skipped. */
function itemRecord(item: RawItem, state: ReaderState): ImportRecord {
  const field = (name: string) => item.fields.get(name) ?? "";
  const postType = field("wp:post_type") || "post";
  const sourceId = field("wp:post_id");
  if (postType === "attachment") return toAttachment(item);
  if (postType !== "post" && postType !== "page") {
    return { kind: "skipped", what: postType, sourceId, reason: `a ${postType} (not a post or page)` };
  }
  const skippedStatus = SKIPPED_STATUSES[field("wp:status")];
  if (skippedStatus) return { kind: "skipped", what: postType, sourceId, reason: skippedStatus };
  return toEntry(item, postType, state);
}

function siteRecord(fields: Map<string, string>): ImportedSite {
  const url = (fields.get("wp:base_blog_url") || fields.get("link") || "").trim().replace(/\/+$/, "");
  return { kind: "site", key: `wordpress:${url}`, url, title: (fields.get("title") ?? "").trim() };
}

const AUTHOR_FIELDS = "wp:author";
const TERM_PARENTS = new Set(["wp:category", "wp:tag", "wp:term", AUTHOR_FIELDS]);

/** Turns the parser's events into records, pushed to `out` as each element closes. */
function createWxrHandler(parser: SaxesParser, out: ImportRecord[]) {
  const state: ReaderState = { site: null, siteFields: new Map(), basePath: "" };
  const stack: string[] = [];
  let text = "";
  let group: Map<string, string> | null = null;
  let item: RawItem | null = null;
  let comment: Map<string, string> | null = null;
  let meta: Map<string, string> | null = null;
  let categoryAttributes: { domain: string; slug: string } | null = null;
  let sawRoot = false;

  const ensureSite = () => {
    if (state.site) return;
    state.site = siteRecord(state.siteFields);
    state.basePath = basePathOf(state.site.url);
    out.push(state.site);
  };

  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw new ImportInputError(WXR_MESSAGES.entities);
  });
  parser.on("text", (chunk) => {
    text += chunk;
  });
  parser.on("cdata", (chunk) => {
    text += chunk;
  });
  parser.on("opentag", (tag: SaxesTagPlain) => {
    const name = tag.name;
    if (!sawRoot) {
      sawRoot = true;
      const namespace = String(tag.attributes["xmlns:wp"] ?? "");
      if (name !== "rss" || !/wordpress\.org\/export\//.test(namespace))
        throw new ImportInputError(WXR_MESSAGES.notWxr);
    }
    const parent = stack[stack.length - 1];
    stack.push(name);
    text = "";
    if (parent === "channel") {
      if (name === "item") {
        ensureSite();
        item = { fields: new Map(), categories: [], meta: new Map(), comments: [] };
      } else if (TERM_PARENTS.has(name)) {
        ensureSite();
        group = new Map();
      }
    } else if (item && parent === "item") {
      if (name === "wp:comment") comment = new Map();
      else if (name === "wp:postmeta") meta = new Map();
      else if (name === "category") {
        categoryAttributes = {
          domain: String(tag.attributes.domain ?? "category"),
          slug: String(tag.attributes.nicename ?? ""),
        };
      }
    }
  });
  parser.on("closetag", (tag) => {
    const name = tag.name;
    stack.pop();
    const parent = stack[stack.length - 1];
    const value = text;
    text = "";
    if (parent === "channel") {
      if (name === "item" && item) {
        out.push(itemRecord(item, state));
        item = null;
      } else if (group && TERM_PARENTS.has(name)) {
        out.push(...groupRecords(name, group).map((record) => withBasePath(record, state.basePath)));
        group = null;
      } else if (!state.site) {
        state.siteFields.set(name, value);
      }
    } else if (name === "channel") {
      ensureSite();
    } else if (group && TERM_PARENTS.has(parent ?? "")) {
      group.set(name, value);
    } else if (item && parent === "item") {
      if (name === "wp:comment" && comment) {
        item.comments.push(rawComment(comment));
        comment = null;
      } else if (name === "wp:postmeta" && meta) {
        item.meta.set(meta.get("wp:meta_key") ?? "", meta.get("wp:meta_value") ?? "");
        meta = null;
      } else if (name === "category" && categoryAttributes) {
        item.categories.push({ ...categoryAttributes, name: value });
        categoryAttributes = null;
      } else {
        item.fields.set(name, value);
      }
    } else if (comment && parent === "wp:comment") {
      comment.set(name, value);
    } else if (meta && parent === "wp:postmeta") {
      meta.set(name, value);
    }
  });
  return {
    get sawRoot() {
      return sawRoot;
    },
    finish() {
      if (!sawRoot) throw new ImportInputError(WXR_MESSAGES.notWxr);
      ensureSite();
    },
  };
}

function rawComment(fields: Map<string, string>): RawComment {
  const field = (name: string) => fields.get(`wp:comment_${name}`) ?? "";
  return {
    id: field("id"),
    parent: field("parent") || "0",
    author: field("author"),
    email: field("author_email"),
    dateGmt: field("date_gmt"),
    date: field("date"),
    content: field("content"),
    approved: field("approved").trim(),
    type: field("type"),
  };
}

/** A term's or author's old pages, also below the site's base path when it has one (/blog/tag/x/). */
function withBasePath(record: ImportRecord, basePath: string): ImportRecord {
  if (!basePath || (record.kind !== "term" && record.kind !== "author")) return record;
  return { ...record, oldPaths: [...record.oldPaths, ...record.oldPaths.map((path) => `${basePath}${path}`)] };
}

function groupRecords(name: string, fields: Map<string, string>): ImportRecord[] {
  const field = (key: string) => (fields.get(key) ?? "").trim();
  if (name === AUTHOR_FIELDS) {
    const login = field("wp:author_login");
    const fullName = [field("wp:author_first_name"), field("wp:author_last_name")].filter(Boolean).join(" ");
    const author: ImportedAuthor = {
      kind: "author",
      sourceId: login,
      email: field("wp:author_email"),
      displayName: field("wp:author_display_name") || fullName || login,
      slug: login,
      bio: "",
      oldPaths: [`/author/${encodeURIComponent(login)}/`],
    };
    return [author];
  }
  const taxonomy =
    name === "wp:category" ? "category" : name === "wp:tag" ? "post_tag" : field("wp:term_taxonomy") || "";
  if (taxonomy !== "category" && taxonomy !== "post_tag") return [];
  const slug = field("wp:category_nicename") || field("wp:tag_slug") || field("wp:term_slug");
  const archive = taxonomy === "category" ? "category" : "tag";
  return [
    {
      kind: "term",
      taxonomy: taxonomy === "category" ? "category" : "tag",
      sourceId: field("wp:term_id") || slug,
      name: field("wp:cat_name") || field("wp:tag_name") || field("wp:term_name") || slug,
      slug,
      parentSlug: field("wp:category_parent") || field("wp:term_parent"),
      // WordPress's archive of the term; the site's base path is added by the caller.
      oldPaths: slug ? [`/${archive}/${slug}/`] : [],
    },
  ];
}

/** Refuses what cannot be an export before reading it (missing, not a file, too large). */
async function checkFile(filePath: string, maxBytes: number): Promise<void> {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) throw new ImportInputError(WXR_MESSAGES.unreadable);
  if (info.size > maxBytes) throw new ImportInputError(WXR_MESSAGES.tooLarge(maxBytes));
}

/** A reader of WordPress exports; `maxBytes` only for tests of the size limit. */
export function createWordPressReader(options: { maxBytes?: number } = {}): ExportReader {
  const maxBytes = options.maxBytes ?? WXR_MAX_BYTES;
  return async function* readWordPressExport(filePath: string) {
    await checkFile(filePath, maxBytes);
    const parser = new SaxesParser({ xmlns: false, position: true });
    const out: ImportRecord[] = [];
    const handler = createWxrHandler(parser, out);
    const write = (chunk: string | null) => {
      try {
        if (chunk === null) parser.close();
        else parser.write(chunk);
      } catch (error) {
        if (error instanceof ImportInputError) throw error;
        // Not even an XML root element: some other kind of file.
        if (!handler.sawRoot) throw new ImportInputError(WXR_MESSAGES.notWxr);
        const message = error instanceof Error ? error.message : String(error);
        throw new ImportInputError(WXR_MESSAGES.broken(message.replace(/^(\d+):(\d+): /, "line $1, column $2: ")));
      }
    };
    const stream = createReadStream(filePath, { encoding: "utf8", highWaterMark: CHUNK_BYTES });
    try {
      for await (const chunk of stream) {
        write(chunk as string);
        yield* out.splice(0);
      }
      write(null);
      handler.finish();
      yield* out.splice(0);
    } finally {
      stream.destroy();
    }
  };
}

export const readWordPressExport: ExportReader = createWordPressReader();
