import { Readable } from "node:stream";
import {
  fillSiteFieldsHtml,
  fillSiteFieldsText,
  pagePath,
  parseMediaPath,
  postPath,
  type SiteFieldValues,
} from "@broadsheet/domain";
import { asc, eq, exists, inArray, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, comments, media, pages, posts, postTags, tags, types, users } from "../db/schema";
import { ARCHIVE_TABLES, type ArchiveTable } from "./archive-format";
import { readTableInPages } from "./archive-writer";

/*
 * A WordPress eXtended RSS (WXR 1.2) file of the site, as WordPress's own exporter writes it,
 * so its importer takes posts, pages, categories (types as child categories), tags, authors,
 * threaded comments and the images posts use. Written as a stream, a page of posts at a time.
 */

export interface WxrSite {
  name: string;
  tagline: string;
  /** The public address, no trailing slash: every link in the file is absolute. */
  url: string;
  timeZone: string;
  /** The settings' values of a page's [site-name]-style fields: WordPress would show the fields as text. */
  fields: SiteFieldValues;
}

type Row = Record<string, unknown>;

// XML 1.0 cannot carry these characters at all, even escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const clean = (value: unknown) => String(value ?? "").replace(NOT_XML, "");
const escapeXml = (value: unknown) =>
  clean(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** A CDATA section; a `]]>` inside is split across two sections. */
const cdata = (value: unknown) => `<![CDATA[${clean(value).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
const element = (name: string, value: unknown) => `<${name}>${escapeXml(value)}</${name}>`;
const cdataElement = (name: string, value: unknown) => `<${name}>${cdata(value)}</${name}>`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD HH:MM:SS" in `timeZone`, as WordPress writes post_date. */
function wordpressDate(date: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Made once per zone: building a formatter costs far more than using one.
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const dateOf = (value: unknown) => new Date(String(value));

interface Item {
  title: string;
  link: string;
  date: Date;
  creator: string;
  content: string;
  excerpt: string;
  id: number;
  slug: string;
  status: string;
  parent: number;
  type: "post" | "page" | "attachment";
  sticky?: boolean;
  terms?: string[];
  extra?: string[];
}

function itemXml(item: Item, timeZone: string): string {
  return [
    "<item>",
    element("title", item.title),
    element("link", item.link),
    element("pubDate", item.date.toUTCString()),
    cdataElement("dc:creator", item.creator),
    `<guid isPermaLink="false">${escapeXml(item.link)}</guid>`,
    "<description></description>",
    cdataElement("content:encoded", item.content),
    cdataElement("excerpt:encoded", item.excerpt),
    element("wp:post_id", item.id),
    cdataElement("wp:post_date", wordpressDate(item.date, timeZone)),
    cdataElement("wp:post_date_gmt", wordpressDate(item.date, "UTC")),
    cdataElement("wp:comment_status", item.type === "attachment" ? "closed" : "open"),
    cdataElement("wp:ping_status", "closed"),
    cdataElement("wp:post_name", item.slug),
    cdataElement("wp:status", item.status),
    element("wp:post_parent", item.parent),
    element("wp:menu_order", 0),
    cdataElement("wp:post_type", item.type),
    cdataElement("wp:post_password", ""),
    element("wp:is_sticky", item.sticky ? 1 : 0),
    ...(item.terms ?? []),
    ...(item.extra ?? []),
    "</item>",
  ].join("\n");
}

const postmeta = (key: string, value: unknown) =>
  `<wp:postmeta>${cdataElement("wp:meta_key", key)}${cdataElement("wp:meta_value", value)}</wp:postmeta>`;
const term = (domain: string, slug: string, name: string) =>
  `<category domain="${domain}" nicename="${escapeXml(slug)}">${cdata(name)}</category>`;

const tableNamed = (name: string) => ARCHIVE_TABLES.find((entry) => entry.name === name) as ArchiveTable;

/** Root-relative links and images (the site's /media/… files) made absolute, as a WordPress body needs. */
function absoluteLinks(html: string, base: string): string {
  return html.replace(/(\s(?:src|href)=["'])\/(?!\/)/g, `$1${base}/`);
}

/** A post's status and date as WordPress says them: published, scheduled (future) or draft. */
function statusOf(row: Row): { status: string; date: Date } {
  if (row.is_published) return { status: "publish", date: dateOf(row.published_at ?? row.created_at) };
  if (row.scheduled_at) return { status: "future", date: dateOf(row.scheduled_at) };
  return { status: "draft", date: dateOf(row.created_at) };
}

class WxrWriter {
  private nextId = 1;
  private readonly authorLogins = new Map<string, string>();
  private readonly categoryTerms = new Map<string, { slug: string; name: string }>();
  private readonly typeTerms = new Map<string, { slug: string; name: string }>();
  private readonly pageIds = new Map<string, number>();
  private readonly attachmentIds = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly site: WxrSite,
  ) {}

  async *chunks(): AsyncGenerator<string> {
    const { site } = this;
    yield [
      '<?xml version="1.0" encoding="UTF-8" ?>',
      "<!-- A WordPress eXtended RSS file written by Broadsheet; import it with Tools → Import → WordPress. -->",
      '<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">',
      "<channel>",
      element("title", site.name),
      element("link", site.url),
      element("description", site.tagline),
      element("pubDate", new Date().toUTCString()),
      element("language", "en"),
      element("wp:wxr_version", "1.2"),
      element("wp:base_site_url", site.url),
      element("wp:base_blog_url", site.url),
      "",
    ].join("\n");
    yield await this.authors();
    yield await this.categories();
    yield* this.tags();
    yield* this.pages();
    yield* this.posts();
    yield "</channel>\n</rss>\n";
  }

  private link(path: string): string {
    return `${this.site.url}${path}`;
  }

  /** Staff and whoever wrote a post or page. */
  private async authors(): Promise<string> {
    const { db } = this;
    const rows = await db
      .select({ id: users.id, slug: users.slug, name: users.name, email: users.email })
      .from(users)
      .where(
        or(
          inArray(users.role, ["editor", "admin"]),
          exists(db.select({ one: posts.id }).from(posts).where(eq(posts.authorId, users.id))),
          exists(db.select({ one: pages.id }).from(pages).where(eq(pages.authorId, users.id))),
        ),
      )
      .orderBy(asc(users.createdAt), asc(users.id));
    return rows
      .map((user, index) => {
        this.authorLogins.set(user.id, user.slug);
        return [
          "<wp:author>",
          element("wp:author_id", index + 1),
          cdataElement("wp:author_login", user.slug),
          cdataElement("wp:author_email", user.email),
          cdataElement("wp:author_display_name", user.name),
          cdataElement("wp:author_first_name", ""),
          cdataElement("wp:author_last_name", ""),
          "</wp:author>",
        ].join("");
      })
      .join("\n");
  }

  private creator(authorId: unknown): string {
    return this.authorLogins.get(String(authorId)) ?? "";
  }

  /** Categories, and each type as a child of its category (a type's slug that a category has is prefixed). */
  private async categories(): Promise<string> {
    const categoryRows = await this.db.select().from(categories).orderBy(asc(categories.slug));
    const typeRows = await this.db.select().from(types).orderBy(asc(types.slug));
    const lines: string[] = [];
    const categoryTerm = (slug: string, name: string, parent: string) =>
      `<wp:category>${element("wp:term_id", this.nextId++)}${cdataElement("wp:category_nicename", slug)}${cdataElement("wp:category_parent", parent)}${cdataElement("wp:cat_name", name)}</wp:category>`;
    for (const category of categoryRows) {
      this.categoryTerms.set(category.id, category);
      lines.push(categoryTerm(category.slug, category.name, ""));
    }
    const categorySlugs = new Set(categoryRows.map((category) => category.slug));
    for (const type of typeRows) {
      const parent = this.categoryTerms.get(type.categoryId)?.slug ?? "";
      const slug = categorySlugs.has(type.slug) ? `${parent}-${type.slug}` : type.slug;
      this.typeTerms.set(type.id, { slug, name: type.name });
      lines.push(categoryTerm(slug, type.name, parent));
    }
    return lines.join("\n");
  }

  private async *tags(): AsyncGenerator<string> {
    for await (const rows of readTableInPages(this.db, tableNamed("tags"), { includeSecrets: false })) {
      yield `${rows
        .map(
          (tag) =>
            `<wp:tag>${element("wp:term_id", this.nextId++)}${cdataElement("wp:tag_slug", tag.slug)}${cdataElement("wp:tag_name", tag.name)}</wp:tag>`,
        )
        .join("\n")}\n`;
    }
  }

  private async *pages(): AsyncGenerator<string> {
    // Pages are few: numbered first, so a page can name a parent that comes after it.
    const ids = await this.db.select({ id: pages.id }).from(pages).orderBy(asc(pages.id));
    for (const { id } of ids) this.pageIds.set(id, this.nextId++);
    for await (const rows of readTableInPages(this.db, tableNamed("pages"), { includeSecrets: false })) {
      yield `${rows
        .map((row) =>
          itemXml(
            {
              title: this.filled(row.title),
              link: this.link(pagePath(String(row.slug))),
              date: dateOf(row.published_at ?? row.created_at),
              creator: this.creator(row.author_id),
              content: absoluteLinks(fillSiteFieldsHtml(String(row.content), this.site.fields), this.site.url),
              excerpt: this.filled(row.excerpt),
              id: this.pageIds.get(String(row.id)) ?? this.nextId++,
              slug: String(row.slug),
              status: row.is_published ? "publish" : "draft",
              parent: this.pageIds.get(String(row.parent_id)) ?? 0,
              type: "page",
              extra: this.seoMeta(row),
            },
            this.site.timeZone,
          ),
        )
        .join("\n")}\n`;
    }
  }

  private filled(text: unknown): string {
    return fillSiteFieldsText(String(text), this.site.fields);
  }

  private seoMeta(row: Row): string[] {
    return [
      ...(row.meta_title ? [postmeta("_yoast_wpseo_title", this.filled(row.meta_title))] : []),
      ...(row.meta_description ? [postmeta("_yoast_wpseo_metadesc", this.filled(row.meta_description))] : []),
    ];
  }

  private async *posts(): AsyncGenerator<string> {
    for await (const rows of readTableInPages(this.db, tableNamed("posts"), { includeSecrets: false })) {
      const ids = rows.map((row) => String(row.id));
      const tagsByPost = await this.tagsOf(ids);
      const commentsByPost = await this.commentsOf(ids);
      const mediaRows = await this.mediaOf(rows);
      const out: string[] = [];
      for (const row of rows) {
        const id = this.nextId++;
        const { status, date } = statusOf(row);
        const images = (row.images as string[]).map((image) => parseMediaPath(image)?.key ?? "");
        for (const [position, key] of images.entries()) {
          const stored = mediaRows.get(key);
          if (!stored || this.attachmentIds.has(key)) continue;
          out.push(this.attachment(key, stored, id, String((row.image_alts as string[])[position] ?? ""), row));
        }
        const leadImage = this.attachmentIds.get(images[0] ?? "");
        const category = this.categoryTerms.get(String(row.category_id));
        const type = this.typeTerms.get(String(row.type_id));
        out.push(
          itemXml(
            {
              title: String(row.title),
              link: this.link(postPath(String(row.slug))),
              date,
              creator: this.creator(row.author_id),
              content: absoluteLinks(String(row.content), this.site.url),
              excerpt: String(row.excerpt),
              id,
              slug: String(row.slug),
              status,
              parent: 0,
              type: "post",
              sticky: Boolean(row.is_featured),
              terms: [
                ...(category ? [term("category", category.slug, category.name)] : []),
                ...(type ? [term("category", type.slug, type.name)] : []),
                ...(tagsByPost.get(String(row.id)) ?? []).map((tag) => term("post_tag", tag.slug, tag.name)),
              ],
              extra: [
                ...(leadImage ? [postmeta("_thumbnail_id", leadImage)] : []),
                ...this.seoMeta(row),
                ...(commentsByPost.get(String(row.id)) ?? []),
              ],
            },
            this.site.timeZone,
          ),
        );
      }
      yield `${out.join("\n")}\n`;
    }
  }

  private attachment(key: string, stored: { mime: string; createdAt: Date }, parent: number, alt: string, row: Row) {
    const id = this.nextId++;
    this.attachmentIds.set(key, id);
    const extension = stored.mime.split("/")[1] ?? "webp";
    const url = this.link(`/media/${key}.${extension}`);
    return itemXml(
      {
        title: key,
        link: url,
        date: stored.createdAt,
        creator: this.creator(row.author_id),
        content: "",
        excerpt: "",
        id,
        slug: key,
        status: "inherit",
        parent,
        type: "attachment",
        extra: [cdataElement("wp:attachment_url", url), ...(alt ? [postmeta("_wp_attachment_image_alt", alt)] : [])],
      },
      this.site.timeZone,
    );
  }

  private async mediaOf(rows: Row[]) {
    const keys = [
      ...new Set(rows.flatMap((row) => (row.images as string[]).map((image) => parseMediaPath(image)?.key ?? ""))),
    ].filter((key) => key && !this.attachmentIds.has(key));
    if (keys.length === 0) return new Map<string, { mime: string; createdAt: Date }>();
    const found = await this.db
      .select({ key: media.key, mime: media.mime, createdAt: media.createdAt })
      .from(media)
      .where(inArray(media.key, keys));
    return new Map(found.map((row) => [row.key, row]));
  }

  private async tagsOf(postIds: string[]) {
    const byPost = new Map<string, { slug: string; name: string }[]>();
    if (postIds.length === 0) return byPost;
    const rows = await this.db
      .select({ postId: postTags.postId, slug: tags.slug, name: tags.name })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(inArray(postTags.postId, postIds))
      .orderBy(asc(postTags.postId), asc(postTags.position));
    for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
    return byPost;
  }

  /** Each post's comments as <wp:comment> elements, numbered first so a reply names its parent. */
  private async commentsOf(postIds: string[]) {
    const byPost = new Map<string, string[]>();
    if (postIds.length === 0) return byPost;
    const rows = await this.db
      .select({
        id: comments.id,
        postId: comments.postId,
        parentId: comments.parentId,
        authorName: comments.authorName,
        text: comments.text,
        createdAt: comments.createdAt,
        userName: users.name,
        userEmail: users.email,
        userId: users.id,
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(inArray(comments.postId, postIds))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    const numbers = new Map(rows.map((row) => [row.id, this.nextId++]));
    for (const row of rows) {
      const xml = [
        "<wp:comment>",
        element("wp:comment_id", numbers.get(row.id)),
        cdataElement("wp:comment_author", row.userName ?? (row.authorName || "Anonymous")),
        cdataElement("wp:comment_author_email", row.userEmail ?? ""),
        cdataElement("wp:comment_author_url", ""),
        cdataElement("wp:comment_author_IP", ""),
        cdataElement("wp:comment_date", wordpressDate(row.createdAt, this.site.timeZone)),
        cdataElement("wp:comment_date_gmt", wordpressDate(row.createdAt, "UTC")),
        cdataElement("wp:comment_content", row.text),
        cdataElement("wp:comment_approved", "1"),
        cdataElement("wp:comment_type", "comment"),
        element("wp:comment_parent", (row.parentId && numbers.get(row.parentId)) || 0),
        element("wp:comment_user_id", 0),
        "</wp:comment>",
      ].join("");
      byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), xml]);
    }
    return byPost;
  }
}

/** The site as a WXR 1.2 document, streamed. */
export function wxrStream(db: Database, site: WxrSite): Readable {
  const writer = new WxrWriter(db, site);
  // Bytes, not strings: a web stream (the HTTP answer) takes only bytes.
  return Readable.from(
    (async function* () {
      for await (const chunk of writer.chunks()) yield Buffer.from(chunk, "utf8");
    })(),
  );
}
