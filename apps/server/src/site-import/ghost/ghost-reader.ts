import { stat } from "node:fs/promises";
import {
  type ExportReader,
  type ImportedAuthor,
  type ImportedEntry,
  type ImportedMember,
  type ImportedSite,
  type ImportedSkip,
  type ImportedTerm,
  ImportInputError,
  type TermRef,
} from "../model.js";
import { type GhostRow, streamGhostExport } from "./export-stream.js";

/*
 * Reads a Ghost export (Settings → Labs → Export, Ghost 4 to 6) in three streamed passes:
 * the small tables (settings, tags, users and the posts' links to them) into keyed maps, then
 * the posts, then the members, so memory grows with the number of tags and links, never with
 * the posts' bodies.
 */

const MAX_EXPORT_BYTES = 2 * 1024 ** 3;

const NOT_GHOST = "This is not a Ghost export (JSON from Settings → Labs → Export).";

/** The tables read in the first pass; `posts` and `members` are streamed on their own. */
const INDEX_TABLES = new Set([
  "settings",
  "tags",
  "users",
  "posts_tags",
  "posts_authors",
  "posts_meta",
  "members_newsletters",
]);

interface GhostTag {
  name: string;
  slug: string;
  isPublic: boolean;
}

/** The posts_meta columns the reader uses (Ghost 3+ keeps SEO and image captions there). */
interface GhostPostMeta {
  metaTitle: string;
  metaDescription: string;
  featureImageAlt: string;
  featureImageCaption: string;
}

interface ExportIndex {
  exportedOn: Date | null;
  siteUrl: string;
  siteTitle: string;
  /** Ghost's install id (settings `db_hash`): the same in every export of one site. */
  siteHash: string;
  tags: Map<string, GhostTag>;
  authors: ImportedAuthor[];
  tagIdsByPost: Map<string, { id: string; order: number }[]>;
  authorIdsByPost: Map<string, { id: string; order: number }[]>;
  metaByPost: Map<string, GhostPostMeta>;
  /** Members with a newsletter subscription, or null when the export has no members_newsletters table (Ghost 4). */
  subscribedMemberIds: Set<string> | null;
  tablesPresent: Set<string>;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const id = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** Ghost's booleans are true/false in JSON exports, 1/0 in older (SQLite) ones. */
const flag = (value: unknown): boolean => value === true || value === 1 || value === "1" || value === "true";

const firstText = (...values: unknown[]): string => values.map(text).find((value) => value.trim() !== "") ?? "";

/** ISO strings, MySQL's "YYYY-MM-DD hh:mm:ss" (UTC) and epoch milliseconds all occur in exports. */
export const parseGhostDate = (value: unknown): Date | null => {
  let date: Date;
  if (typeof value === "number") date = new Date(value);
  else if (typeof value === "string" && value.trim() !== "") {
    const iso = value.trim().replace(/^(\d{4}-\d{2}-\d{2}) /, "$1T");
    date = new Date(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso) ? `${iso}Z` : iso);
  } else return null;
  return Number.isNaN(date.getTime()) ? null : date;
};

const majorVersion = (version: unknown): number | null => {
  const match = /^(\d+)/.exec(text(version) || (typeof version === "number" ? String(version) : ""));
  return match ? Number(match[1]) : null;
};

const pushLink = (
  links: Map<string, { id: string; order: number }[]>,
  postId: string,
  linkId: string,
  order: unknown,
) => {
  if (!postId || !linkId) return;
  const list = links.get(postId) ?? [];
  list.push({ id: linkId, order: typeof order === "number" ? order : list.length });
  links.set(postId, list);
};

const inOrder = (links: { id: string; order: number }[] | undefined): string[] =>
  (links ?? []).toSorted((a, b) => a.order - b.order).map((link) => link.id);

const toAuthor = (user: GhostRow): ImportedAuthor => {
  const slug = text(user.slug);
  return {
    kind: "author",
    sourceId: id(user.id),
    email: text(user.email),
    displayName: text(user.name),
    slug,
    bio: text(user.bio),
    oldPaths: slug ? [`/author/${slug}/`] : [],
  };
};

/** Pass 1: meta, settings, tags, users and the posts' tags, authors and meta, by id. */
async function indexExport(filePath: string): Promise<ExportIndex> {
  const index: ExportIndex = {
    exportedOn: null,
    siteUrl: "",
    siteTitle: "",
    siteHash: "",
    tags: new Map(),
    authors: [],
    tagIdsByPost: new Map(),
    authorIdsByPost: new Map(),
    metaByPost: new Map(),
    subscribedMemberIds: null,
    tablesPresent: new Set(),
  };
  let sawMeta = false;
  for await (const event of streamGhostExport(filePath, INDEX_TABLES)) {
    if (event.kind === "meta") {
      sawMeta = true;
      // Checked as soon as meta is read, so an old export is refused before the rest is parsed.
      const major = majorVersion(event.meta.version);
      if (major === null) throw new ImportInputError(NOT_GHOST);
      if (major < 4) throw new ImportInputError("Ghost exports before version 4 are not supported.");
      index.exportedOn = parseGhostDate(event.meta.exported_on);
      continue;
    }
    if (event.kind === "table") {
      index.tablesPresent.add(event.table);
      if (event.table === "members_newsletters") index.subscribedMemberIds ??= new Set();
      continue;
    }
    const { row } = event;
    switch (event.table) {
      case "settings":
        if (row.key === "title") index.siteTitle = text(row.value);
        if (row.key === "url") index.siteUrl = text(row.value).replace(/\/+$/, "");
        if (row.key === "db_hash") index.siteHash = text(row.value);
        break;
      case "tags":
        index.tags.set(id(row.id), {
          name: text(row.name),
          slug: text(row.slug),
          isPublic: row.visibility !== "internal" && !text(row.name).startsWith("#"),
        });
        break;
      case "users":
        index.authors.push(toAuthor(row));
        break;
      case "posts_tags":
        pushLink(index.tagIdsByPost, id(row.post_id), id(row.tag_id), row.sort_order);
        break;
      case "posts_authors":
        pushLink(index.authorIdsByPost, id(row.post_id), id(row.author_id), row.sort_order);
        break;
      case "posts_meta":
        index.metaByPost.set(id(row.post_id), {
          metaTitle: firstText(row.meta_title, row.og_title, row.twitter_title),
          metaDescription: firstText(row.meta_description, row.og_description, row.twitter_description),
          featureImageAlt: text(row.feature_image_alt),
          featureImageCaption: text(row.feature_image_caption),
        });
        break;
      case "members_newsletters":
        index.subscribedMemberIds?.add(id(row.member_id));
        break;
    }
  }
  if (!sawMeta || !index.tablesPresent.has("posts")) throw new ImportInputError(NOT_GHOST);
  return index;
}

/**
 * The site's key: its address when the settings carry one, else Ghost's install id, its title,
 * or its first post's uuid, in that order, so every export of one site gets the same key.
 */
async function siteRecord(filePath: string, index: ExportIndex): Promise<ImportedSite> {
  let stableId = index.siteUrl || index.siteHash || index.siteTitle;
  if (!stableId) {
    for await (const event of streamGhostExport(filePath, new Set(["posts"]), { stopAfterTables: true })) {
      if (event.kind !== "row") continue;
      stableId = id(event.row.uuid) || id(event.row.id);
      break;
    }
  }
  return { kind: "site", key: `ghost:${stableId}`, url: index.siteUrl, title: index.siteTitle };
}

const escapeHtml = (value: string): string =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** A post saved only as mobiledoc/lexical: its plain text, a paragraph per blank-line-separated block. */
const paragraphsOf = (plaintext: string): string =>
  plaintext
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => `<p>${block.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("\n");

const STATUS_NOTES: Record<string, string> = {
  sent: "sent as a newsletter only → draft",
};

function statusOf(post: GhostRow): Pick<ImportedEntry, "status" | "statusNote"> {
  const status = text(post.status);
  const visibility = text(post.visibility) || "public";
  if (status === "published" || status === "scheduled" || status === "draft") {
    // Broadsheet has no members-only posts: publishing them would give paid content away.
    if (visibility !== "public" && status !== "draft") {
      return { status: "draft", statusNote: `${status} for ${visibility} only → draft` };
    }
    return { status, statusNote: "" };
  }
  return { status: "draft", statusNote: STATUS_NOTES[status] ?? `${status || "no status"} → draft` };
}

function toEntry(post: GhostRow, index: ExportIndex, exportedOn: Date): ImportedEntry {
  const postId = id(post.id);
  const slug = text(post.slug);
  const meta = index.metaByPost.get(postId);
  const withSiteUrl = (value: string) => value.replaceAll("__GHOST_URL__", index.siteUrl);
  const { status, statusNote } = statusOf(post);
  const warnings: string[] = [];

  let html = withSiteUrl(text(post.html));
  if (!html.trim() && text(post.plaintext).trim()) {
    html = paragraphsOf(text(post.plaintext));
    warnings.push("no HTML in the export: body made from its plain text");
  }

  const publicTags = inOrder(index.tagIdsByPost.get(postId))
    .map((tagId) => index.tags.get(tagId))
    .filter((tag): tag is GhostTag => tag?.isPublic === true)
    .map((tag): TermRef => ({ name: tag.name, slug: tag.slug }));
  const authorIds = inOrder(index.authorIdsByPost.get(postId));
  // Ghost before 1.22 named one author on the post itself.
  if (authorIds.length === 0 && id(post.author_id)) authorIds.push(id(post.author_id));

  const createdAt = parseGhostDate(post.created_at) ?? parseGhostDate(post.published_at) ?? exportedOn;
  const publishedAt = parseGhostDate(post.published_at) ?? (status === "draft" ? null : createdAt);
  const featureImageUrl = withSiteUrl(text(post.feature_image));

  return {
    kind: "entry",
    entryType: post.type === "page" || flag(post.page) ? "page" : "post",
    sourceId: postId,
    title: text(post.title),
    slug,
    html,
    excerpt: text(post.custom_excerpt),
    status,
    statusNote,
    publishedAt,
    createdAt,
    updatedAt: parseGhostDate(post.updated_at) ?? createdAt,
    authorSourceIds: authorIds,
    categories: publicTags.slice(0, 1),
    tags: publicTags.slice(1),
    isFeatured: flag(post.featured),
    featureImage: featureImageUrl
      ? {
          url: featureImageUrl,
          alt: meta?.featureImageAlt || text(post.feature_image_alt),
          caption: withSiteUrl(meta?.featureImageCaption || text(post.feature_image_caption)),
        }
      : null,
    metaTitle: meta?.metaTitle || firstText(post.meta_title, post.og_title, post.twitter_title),
    metaDescription:
      meta?.metaDescription || firstText(post.meta_description, post.og_description, post.twitter_description),
    parentSourceId: "",
    oldPaths: slug ? [`/${slug}/`] : [],
    comments: [],
    skippedComments: {},
    warnings,
  };
}

/**
 * Subscribed: Ghost 5+ subscribes a member to newsletters (a members_newsletters row each);
 * Ghost 4 has one `subscribed` flag. Either way a member whose e-mail Ghost disabled
 * (bounces, spam complaints) is not subscribed.
 */
const toMember = (member: GhostRow, index: ExportIndex): ImportedMember => ({
  kind: "member",
  email: text(member.email),
  name: text(member.name),
  subscribed:
    !flag(member.email_disabled) &&
    (index.subscribedMemberIds ? index.subscribedMemberIds.has(id(member.id)) : flag(member.subscribed)),
  createdAt: parseGhostDate(member.created_at),
});

async function assertReadable(filePath: string): Promise<void> {
  let size: number;
  try {
    size = (await stat(filePath)).size;
  } catch (error) {
    throw new ImportInputError(
      `Cannot read ${filePath} (${(error as NodeJS.ErrnoException).code ?? "unknown error"}).`,
    );
  }
  if (size > MAX_EXPORT_BYTES) throw new ImportInputError("The file is larger than 2 GB, the most an import reads.");
}

/**
 * Reads a Ghost export: the site, its authors, its public tags (internal ones as skipped), its
 * posts and pages, then its members.
 */
export const readGhostExport: ExportReader = async function* (filePath) {
  await assertReadable(filePath);
  const index = await indexExport(filePath);
  const exportedOn = index.exportedOn ?? new Date(0);
  yield await siteRecord(filePath, index);
  yield* index.authors;
  for (const [tagId, tag] of index.tags) {
    if (!tag.isPublic) {
      const skip: ImportedSkip = { kind: "skipped", what: "tag", sourceId: tagId, reason: `internal tag ${tag.name}` };
      yield skip;
      continue;
    }
    const term: ImportedTerm = {
      kind: "term",
      taxonomy: "tag",
      sourceId: tagId,
      name: tag.name,
      slug: tag.slug,
      parentSlug: "",
      oldPaths: tag.slug ? [`/tag/${tag.slug}/`] : [],
    };
    yield term;
  }
  for await (const event of streamGhostExport(filePath, new Set(["posts"]), { stopAfterTables: true })) {
    if (event.kind === "row") yield toEntry(event.row, index, exportedOn);
  }
  if (!index.tablesPresent.has("members")) return;
  for await (const event of streamGhostExport(filePath, new Set(["members"]), { stopAfterTables: true })) {
    if (event.kind !== "row") continue;
    if (text(event.row.email)) yield toMember(event.row, index);
    else yield { kind: "skipped", what: "member", sourceId: id(event.row.id), reason: "no e-mail address" };
  }
};
