import { randomUUID } from "node:crypto";
import {
  buildSku,
  htmlToText,
  isReservedPageSlug,
  minuteReadOfText,
  normalizeSlug,
  pagePath,
  postPath,
  slugify,
} from "@broadsheet/domain";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { CATEGORY_LISTS, type Caches, PAGE_LISTS, POST_LISTS, postTag, REDIRECTS_TAG, TAG_LISTS } from "../caching";
import type { Database } from "../db/client";
import { deferIndexes, ensureDeferredIndexes } from "../db/deferred-indexes";
import { insertAsJson } from "../db/json-insert";
import { comments, pages, postCoauthors, posts, postTags } from "../db/schema";
import type { MediaService } from "../media";
import { writeImportedSubscribers } from "../newsletters";
import { sanitizeRichText } from "../posts";
import { bylineOnlyAuthor, importAuthors, writeAuthorRedirects } from "./import-accounts";
import { createImageImporter, type ImageImporter } from "./import-images";
import { checksumOf, type ImportItem, loadImportItems, saveImportItems } from "./import-items";
import { type OldPathRedirect, writeImportRedirects } from "./import-redirects";
import { createReportBuilder, type ReportBuilder } from "./import-report";
import { importedEmbeds } from "./imported-embeds";
import {
  attachedImagesSource,
  attachmentImageSource,
  type ExportReader,
  type ImportedAttachment,
  type ImportedAuthor,
  type ImportedEntry,
  type ImportedMember,
  type ImportedSite,
  type ImportedTerm,
  ImportInputError,
  type ImportRecord,
  type ImportReport,
  type RunImportOptions,
} from "./model";
import { classifyTerms, createTaxonomyMapper, type TaxonomyMapper } from "./taxonomy-mapping";

/*
 * One writer for every importer (decision 065). Pass 1 reads the whole export and writes
 * nothing: a broken file fails here, and the site, authors, terms and attachments are known
 * before any entry (an entry may name an attachment that comes after it). Pass 2 writes the
 * entries in batches, one transaction per batch with the import_items rows that map them, so a
 * post appears with its tags, comments and redirects or not at all, and a killed run resumes
 * after its last whole batch.
 */

/** Entries per transaction; PGlite takes smaller ones (its WebAssembly memory never shrinks after a big one). */
export const ENTRY_BATCH_SIZE = { postgres: 200, pglite: 50 } as const;
const INSERT_CHUNK_ROWS = 500;
/**
 * From this many entries, the posts' search indexes are dropped before pass 2 and built again
 * at its end (decision 069): below it, growing them row by row costs less than a build over
 * the whole table.
 */
export const DEFER_INDEXES_FROM = 2000;
/**
 * import_items is analysed when the entries written reach this, then twice as many, and so on:
 * with the statistics of its empty table (no autovacuum on PGlite, nor yet on a fresh PostgreSQL)
 * the planner read every row of the site for each batch's lookup, a cost growing with the import.
 */
const ANALYZE_ITEMS_FROM = 1000;
const TITLE_WORDS = 8;

export interface ImportWriterDeps {
  db: Database;
  caches: Caches;
  media: MediaService;
  readers: Partial<Record<RunImportOptions["source"], ExportReader>>;
  /** How long an image fetch may take (tests shorten it). */
  imageTimeoutMs?: number;
  /** Images may be fetched from private and loopback addresses (IMPORT_FETCH_PRIVATE_ADDRESSES). */
  imageFetchPrivateAddresses?: boolean;
  databaseKind: keyof typeof ENTRY_BATCH_SIZE;
  /** DEFER_INDEXES_FROM unless given (tests lower it). */
  deferIndexesFrom?: number;
}

interface FirstPass {
  site: ImportedSite | null;
  authors: Map<string, ImportedAuthor>;
  categoryTerms: Map<string, ImportedTerm>;
  /** Terms with old pages to redirect (few: a site's categories and tags). */
  termsWithOldPaths: ImportedTerm[];
  attachments: Map<string, ImportedAttachment>;
  /** The image attachments of each entry, by its source id, in export order. */
  attachedImages: Map<string, string[]>;
  entries: number;
  /** Each page's parent page, by source id, set once every page exists. */
  pageParents: Map<string, string>;
}

async function readFirstPass(records: AsyncIterable<ImportRecord>, report: ReportBuilder) {
  const pass: FirstPass = {
    site: null,
    authors: new Map(),
    categoryTerms: new Map(),
    termsWithOldPaths: [],
    attachments: new Map(),
    attachedImages: new Map(),
    entries: 0,
    pageParents: new Map(),
  };
  const bylines = new Set<string>();
  for await (const record of records) {
    switch (record.kind) {
      case "site":
        pass.site ??= record;
        break;
      case "author":
        pass.authors.set(record.sourceId, record);
        break;
      case "term":
        if (record.taxonomy === "category") pass.categoryTerms.set(record.slug, record);
        if (record.oldPaths.length > 0) pass.termsWithOldPaths.push(record);
        break;
      case "attachment":
        pass.attachments.set(record.sourceId, record);
        if (record.parentSourceId && IMAGE_FILE.test(record.url)) {
          const siblings = pass.attachedImages.get(record.parentSourceId) ?? [];
          siblings.push(record.sourceId);
          pass.attachedImages.set(record.parentSourceId, siblings);
        }
        break;
      case "entry":
        pass.entries++;
        for (const login of record.authorSourceIds) bylines.add(login);
        if (record.entryType === "page" && record.parentSourceId)
          pass.pageParents.set(record.sourceId, record.parentSourceId);
        break;
      case "skipped":
        report.skip(record.what, record.sourceId, record.reason);
        break;
      case "member":
        break;
    }
  }
  if (!pass.site) throw new ImportInputError("The export names no site.");
  for (const login of bylines) if (!pass.authors.has(login)) pass.authors.set(login, bylineOnlyAuthor(login));
  return pass;
}

/** A title for an entry without one: its first words, else its date; reported. */
function entryTitle(entry: ImportedEntry, text: string, report: ReportBuilder): string {
  if (entry.title) return entry.title;
  const words = text.split(" ").filter(Boolean).slice(0, TITLE_WORDS).join(" ");
  const title = words
    ? `${words}${text.length > words.length ? "…" : ""}`
    : `Untitled, ${entry.createdAt.toISOString().slice(0, 10)}`;
  report.warn(
    `${entry.entryType} ${entry.sourceId} has no title: "${title}" made from ${words ? "its first words" : "its date"}`,
  );
  return title;
}

/** The site's sanitiser keeps no <figure> yet: a figure becomes a paragraph and its caption an emphasised line. */
function withoutFigures(html: string): string {
  return html
    .replace(/<figcaption[^>]*>/gi, "<br><em>")
    .replace(/<\/figcaption>/gi, "</em>")
    .replace(/<figure[^>]*>/gi, "<p>")
    .replace(/<\/figure>/gi, "</p>");
}

const IMG_SRC = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|tiff?|bmp)(\?|$)/i;

function attachmentImage(attachment: ImportedAttachment | undefined): string {
  if (!attachment?.url) return "";
  return `<img src="${attachment.url}" alt="${attachment.alt.replace(/"/g, "&quot;")}">`;
}

/** The reader's stand-ins for attachments (a gallery's) made the attachments' images. */
function attachmentsResolved(html: string, pass: FirstPass): string {
  const one = attachmentImageSource("");
  const all = attachedImagesSource("");
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = tag.match(/\bsrc="([^"]*)"/i)?.[1] ?? "";
    if (src.startsWith(one)) return attachmentImage(pass.attachments.get(src.slice(one.length)));
    if (src.startsWith(all)) {
      const ids = pass.attachedImages.get(src.slice(all.length)) ?? [];
      return ids.map((id) => attachmentImage(pass.attachments.get(id))).join("");
    }
    return tag;
  });
}

function imageSources(html: string): string[] {
  return [...html.matchAll(IMG_SRC)].map((match) => match[2] ?? "").filter(Boolean);
}

function decodeAttribute(value: string): string {
  return value.replace(/&amp;/g, "&");
}

interface PreparedEntry {
  entry: ImportedEntry;
  checksum: string;
  existing: ImportItem | undefined;
  title: string;
  html: string;
  featured: { url: string; alt: string } | null;
  minutes: number;
}

export function createImportWriter(deps: ImportWriterDeps) {
  const { db, caches } = deps;
  const batchSize = ENTRY_BATCH_SIZE[deps.databaseKind];

  async function run(options: RunImportOptions): Promise<ImportReport> {
    const reader = deps.readers[options.source];
    if (!reader) throw new ImportInputError(`Importing from ${options.source} is not available yet.`);
    const readExport: ExportReader = reader;
    const builder = createReportBuilder(options.source, options.dryRun);
    const pass = await readFirstPass(reader(options.filePath), builder);
    const site = pass.site as ImportedSite;
    builder.report.site = site.url || site.title;
    const runContext = { site: site.key, dryRun: options.dryRun, report: builder };

    const authorIds = await importAuthors(db, pass.authors.values(), runContext);
    const taxonomy = await createTaxonomyMapper(db, runContext);
    const images = createImageImporter({
      db,
      media: deps.media,
      site: site.key,
      siteUrl: site.url,
      mediaDir: options.mediaDir,
      dryRun: options.dryRun,
      report: builder,
      timeoutMs: deps.imageTimeoutMs,
      privateAddresses: deps.imageFetchPrivateAddresses,
    });
    const postSlugs = new Set((await db.select({ slug: posts.slug }).from(posts)).map((row) => row.slug));
    const pageSlugs = new Set((await db.select({ slug: pages.slug }).from(pages)).map((row) => row.slug));
    const batchWriter = createBatchWriter({
      db,
      site: site.key,
      dryRun: options.dryRun,
      report: builder,
      pass,
      authorIds,
      taxonomy,
      images,
      postSlugs,
      pageSlugs,
    });

    /** Pass 2: the entries in batches, then what needs every entry written (page parents, term and author redirects). */
    async function writeEntries() {
      const progress = { done: 0, total: pass.entries };
      await options.onProgress?.({ ...progress });
      let batch: ImportedEntry[] = [];
      let members: ImportedMember[] = [];
      const seen = new Set<string>();
      // The next batch is read and prepared (sanitised, images fetched) while the last one commits.
      let committing: Promise<void> = Promise.resolve();
      let analyzeAt = ANALYZE_ITEMS_FROM;
      const flush = async () => {
        const entries = batch;
        batch = [];
        if (entries.length === 0) return;
        const prepared = await batchWriter.prepare(entries);
        await committing;
        committing = batchWriter.commit(prepared).then(async (changedTags) => {
          progress.done += entries.length;
          if (!options.dryRun) await announce(caches, changedTags);
          if (!options.dryRun && progress.done >= analyzeAt) {
            analyzeAt *= 2;
            await db.execute(sql`analyze import_items`);
          }
          await options.onProgress?.({ ...progress });
        });
        // Seen by the next flush's await; this only keeps it from being reported as unhandled meanwhile.
        committing.catch(() => {});
      };
      for await (const record of readExport(options.filePath)) {
        if (record.kind === "entry") {
          const key = `${record.entryType}:${record.sourceId}`;
          if (seen.has(key)) {
            builder.skip(record.entryType, record.sourceId, "appears twice in the export");
            continue;
          }
          seen.add(key);
          batch.push(record);
          if (batch.length >= batchSize) await flush();
        } else if (record.kind === "member") {
          members.push(record);
          if (members.length >= batchSize) {
            await writeMembers(db, site, members, runContext);
            members = [];
          }
        }
      }
      await flush();
      await committing;
      await writeMembers(db, site, members, runContext);
      await setPageParents(db, site.key, pass.pageParents, options.dryRun);
      if (!options.dryRun) {
        const written =
          (await writeAuthorRedirects(db, pass.authors.values(), authorIds)) +
          (await writeImportRedirects(
            db,
            pass.termsWithOldPaths.flatMap((term) => taxonomy.redirectsOf(term)),
          ));
        builder.count("redirect", "created", written);
      }
    }

    // A large import builds the search indexes once at its end; a small one first builds any a killed one left out.
    const large = !options.dryRun && pass.entries >= (deps.deferIndexesFrom ?? DEFER_INDEXES_FROM);
    const deferral = large ? await deferIndexes(db, deps.databaseKind) : null;
    if (!options.dryRun && !deferral) await ensureDeferredIndexes(db, deps.databaseKind);
    try {
      await writeEntries();
    } catch (error) {
      // The indexes come back before the failure is told; failing that, the sweep builds them.
      await deferral?.finish().catch(() => undefined);
      throw error;
    }
    await deferral?.finish();
    batchWriter.reportSkippedComments();
    // Pages, tags and redirects came in too: every list that shows them, and the redirect lookup.
    if (!options.dryRun) await caches.changed([POST_LISTS, CATEGORY_LISTS, TAG_LISTS, PAGE_LISTS, REDIRECTS_TAG]);
    return builder.report;
  }

  return { run };
}

/** A NOTIFY carries at most 8000 bytes: the changed posts are announced a hundred at a time. */
const TAGS_PER_ANNOUNCEMENT = 100;

async function announce(caches: Caches, changedTags: string[]): Promise<void> {
  for (let at = 0; at < changedTags.length; at += TAGS_PER_ANNOUNCEMENT) {
    await caches.changed([POST_LISTS, ...changedTags.slice(at, at + TAGS_PER_ANNOUNCEMENT)]);
  }
}

/** Members of a Ghost site become subscribers (newsletters' importedSubscribers). */
async function writeMembers(
  db: Database,
  site: ImportedSite,
  members: ImportedMember[],
  run: { dryRun: boolean; report: ReportBuilder },
): Promise<void> {
  if (members.length === 0) return;
  const unique = new Map(members.map((member) => [member.email.trim().toLowerCase(), member]));
  if (run.dryRun) {
    run.report.count("member", "created", unique.size);
    return;
  }
  const created = await writeImportedSubscribers(db, {
    site: site.url || site.title,
    members: [...unique.values()],
  });
  run.report.count("member", "created", created);
  // An address already here keeps its own choices: its consent is the one that counts.
  if (created < unique.size) run.report.count("member", "unchanged", unique.size - created);
}

/** Parents may come after their children in an export: set once every page exists. */
async function setPageParents(db: Database, site: string, parents: Map<string, string>, dryRun: boolean) {
  if (dryRun || parents.size === 0) return;
  const ids = await loadImportItems(db, site, "page", [...new Set([...parents.keys(), ...parents.values()])]);
  await db.transaction(async (tx) => {
    for (const [child, parent] of parents) {
      const childId = ids.get(child)?.localId;
      const parentId = ids.get(parent)?.localId;
      if (childId && parentId && childId !== parentId) {
        await tx.update(pages).set({ parentId }).where(eq(pages.id, childId));
      }
    }
  });
}

interface BatchContext {
  db: Database;
  site: string;
  dryRun: boolean;
  report: ReportBuilder;
  pass: FirstPass;
  authorIds: Map<string, string>;
  taxonomy: TaxonomyMapper;
  images: ImageImporter;
  postSlugs: Set<string>;
  pageSlugs: Set<string>;
}

function freeSlug(wanted: string, taken: Set<string>, refuse: (slug: string) => boolean = () => false): string {
  const ok = (slug: string) => !taken.has(slug) && !refuse(slug);
  if (ok(wanted)) return wanted;
  for (let suffix = 2; ; suffix++) if (ok(`${wanted}-${suffix}`)) return `${wanted}-${suffix}`;
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += INSERT_CHUNK_ROWS) out.push(rows.slice(at, at + INSERT_CHUNK_ROWS));
  return out;
}

function createBatchWriter(context: BatchContext) {
  const { db, site, report, pass } = context;
  const skippedComments: Record<string, number> = {};

  async function prepare(entries: ImportedEntry[]): Promise<PreparedEntry[]> {
    const existingPosts = await loadImportItems(
      db,
      site,
      "post",
      entries.filter((entry) => entry.entryType === "post").map((entry) => entry.sourceId),
    );
    const existingPages = await loadImportItems(
      db,
      site,
      "page",
      entries.filter((entry) => entry.entryType === "page").map((entry) => entry.sourceId),
    );
    const prepared: PreparedEntry[] = [];
    for (const entry of entries) {
      const existing = (entry.entryType === "post" ? existingPosts : existingPages).get(entry.sourceId);
      const checksum = checksumOf(entry);
      if (existing && existing.checksum === checksum) {
        report.count(entry.entryType, "unchanged");
        continue;
      }
      const html = sanitizeRichText(withoutFigures(importedEmbeds(attachmentsResolved(entry.html, pass))));
      const featured = featuredImage(entry);
      // The text once: the reading time and a missing title both come from it.
      const text = htmlToText(html);
      const title = entryTitle(entry, text, report);
      prepared.push({ entry, checksum, existing, title, html, featured, minutes: minuteReadOfText(text) });
    }
    return prepared;
  }

  function featuredImage(entry: ImportedEntry): { url: string; alt: string } | null {
    const image = entry.featureImage;
    if (!image) return null;
    if ("url" in image) return { url: image.url, alt: image.alt };
    const attachment = pass.attachments.get(image.attachmentSourceId);
    if (!attachment?.url) {
      report.warn(
        `${entry.entryType} ${entry.sourceId}: its featured image (attachment ${image.attachmentSourceId}) is not in the export`,
      );
      return null;
    }
    return { url: attachment.url, alt: attachment.alt };
  }

  /** Every image of the batch made local, each entry's body and lead image rewritten to the local addresses. */
  async function localizeImages(prepared: PreparedEntry[]): Promise<void> {
    for (const item of prepared) {
      const uploader = context.authorIds.get(item.entry.authorSourceIds[0] ?? "") ?? null;
      const sources = imageSources(item.html).map(decodeAttribute);
      if (item.featured) sources.push(item.featured.url);
      if (sources.length === 0) continue;
      const local = await context.images.localize(
        sources,
        context.dryRun || uploader?.startsWith("dry-run") ? null : uploader,
      );
      item.html = item.html.replace(IMG_SRC, (whole, start: string, src: string, end: string) => {
        const to = local.get(decodeAttribute(src));
        return to ? `${start}${to.replace(/&/g, "&amp;")}${end}` : whole;
      });
      if (item.featured) item.featured = { ...item.featured, url: local.get(item.featured.url) ?? item.featured.url };
    }
  }

  function noteEntry(item: PreparedEntry) {
    const { entry } = item;
    if (entry.statusNote) report.mapped(entry.entryType, `${entry.entryType} ${entry.sourceId}`, entry.statusNote);
    for (const warning of entry.warnings ?? []) report.warn(`${entry.entryType} ${entry.sourceId}: ${warning}`);
    for (const [reason, count] of Object.entries(entry.skippedComments)) {
      skippedComments[reason] = (skippedComments[reason] ?? 0) + count;
    }
  }

  return {
    /** Everything a batch needs before its transaction: what changed, bodies sanitised, images made local. */
    async prepare(entries: ImportedEntry[]): Promise<PreparedEntry[]> {
      const prepared = await prepare(entries);
      await localizeImages(prepared);
      for (const item of prepared) noteEntry(item);
      return prepared;
    },
    /** Writes a prepared batch in one transaction; answers the cache tags it changed. */
    async commit(prepared: PreparedEntry[]): Promise<string[]> {
      if (prepared.length === 0) return [];
      const writes = async (tx: Database) => {
        const rows = createBatchRows();
        for (const item of prepared) {
          if (item.entry.entryType === "post") await writePost(tx, item, rows);
          else await writePage(tx, item, rows);
        }
        if (!context.dryRun) await rows.flush(tx);
        return rows.changedTags;
      };
      if (context.dryRun) return writes(db);
      return db.transaction(async (tx) => {
        // A crash may lose the last batches' commits, never half of one: the import_items rows go with them, so a rerun redoes them.
        await tx.execute(sql`set local synchronous_commit = off`);
        return writes(tx);
      });
    },
    reportSkippedComments() {
      for (const [reason, count] of Object.entries(skippedComments)) {
        report.count("comment", "skipped", count);
        report.report.skipped.push({ kind: "comment", sourceId: "", reason: `${reason} (${count})` });
      }
    },
  };

  function createBatchRows() {
    const rows = {
      posts: [] as (typeof posts.$inferInsert)[],
      pages: [] as (typeof pages.$inferInsert)[],
      postTags: [] as (typeof postTags.$inferInsert)[],
      coauthors: [] as (typeof postCoauthors.$inferInsert)[],
      comments: [] as (typeof comments.$inferInsert)[],
      redirects: [] as OldPathRedirect[],
      items: [] as { site: string; kind: string; sourceId: string; localId: string; checksum: string }[],
      changedTags: [] as string[],
      async flush(tx: Database) {
        // One JSON parameter a statement (db/json-insert.ts): Drizzle's per-value statements cost more than the rest.
        for (const chunk of chunks(rows.posts)) await insertAsJson(tx, posts, chunk);
        for (const chunk of chunks(rows.pages)) await insertAsJson(tx, pages, chunk);
        for (const chunk of chunks(rows.postTags)) await insertAsJson(tx, postTags, chunk, sql`on conflict do nothing`);
        for (const chunk of chunks(rows.coauthors))
          await insertAsJson(tx, postCoauthors, chunk, sql`on conflict do nothing`);
        for (const chunk of chunks(rows.comments)) await insertAsJson(tx, comments, chunk);
        for (const chunk of chunks(rows.redirects))
          report.count("redirect", "created", await writeImportRedirects(tx, chunk));
        for (const chunk of chunks(rows.items)) await saveImportItems(tx, chunk);
      },
    };
    return rows;
  }

  type BatchRows = ReturnType<typeof createBatchRows>;

  function publication(entry: ImportedEntry) {
    return {
      isPublished: entry.status === "published",
      publishedAt: entry.status === "published" ? entry.publishedAt : null,
    };
  }

  /** The post's comments as rows, threads kept (ids made here, so replies can name their parent in one insert). */
  function commentRows(postId: string, entry: ImportedEntry) {
    const ids = new Map(entry.comments.map((comment) => [comment.sourceId, randomUUID()]));
    return entry.comments.map((comment) => ({
      id: ids.get(comment.sourceId) as string,
      postId,
      userId: null,
      authorName: comment.authorName,
      parentId: ids.get(comment.parentSourceId) ?? null,
      text: comment.text,
      createdAt: comment.createdAt,
    }));
  }

  async function writePost(tx: Database, item: PreparedEntry, rows: BatchRows) {
    const { entry } = item;
    const terms = classifyTerms(entry, pass.categoryTerms);
    for (const ref of entry.categories.slice(1)) context.taxonomy.reportCategoryAsTag(ref);
    const taxonomy = await context.taxonomy.resolve(tx, terms);
    const [authorSourceId, ...coauthorSourceIds] = entry.authorSourceIds;
    const authorId = context.authorIds.get(authorSourceId ?? "") ?? null;
    const postId = await existingPostId(tx, item.existing);
    const values = {
      title: item.title,
      content: item.html,
      excerpt: entry.excerpt,
      metaTitle: entry.metaTitle,
      metaDescription: entry.metaDescription,
      isFeatured: entry.isFeatured,
      authorId,
      categoryId: taxonomy.categoryId,
      typeId: taxonomy.typeId,
      images: item.featured ? [item.featured.url] : [],
      imageAlts: item.featured ? [item.featured.alt] : [],
      minuteRead: item.minutes,
      ...publication(entry),
      scheduledAt: entry.status === "scheduled" ? entry.publishedAt : null,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
    };
    const postComments = commentRows(postId ?? "", entry);
    report.count("comment", "created", postComments.length);
    let id = postId;
    let slug: string;
    if (id) {
      report.count("post", "updated");
      const [row] = context.dryRun
        ? await tx.select({ slug: posts.slug }).from(posts).where(eq(posts.id, id))
        : await tx
            .update(posts)
            .set({ ...values, commentCount: postComments.length })
            .where(eq(posts.id, id))
            .returning({ slug: posts.slug });
      slug = row?.slug ?? "";
      if (!context.dryRun) {
        await tx.delete(postTags).where(eq(postTags.postId, id));
        await tx.delete(postCoauthors).where(eq(postCoauthors.postId, id));
        // The imported comments go and come back; readers' own comments (with an account) stay.
        await tx
          .delete(comments)
          .where(and(eq(comments.postId, id), isNull(comments.userId), ne(comments.authorName, "")));
        await tx
          .update(posts)
          .set({
            commentCount: sql`${posts.commentCount} + (select count(*) from ${comments} where ${comments.postId} = ${id})::int`,
          })
          .where(eq(posts.id, id));
      }
    } else {
      report.count("post", "created");
      id = randomUUID();
      slug = freeSlug(normalizeSlug(entry.slug) || slugify(item.title), context.postSlugs);
      if (entry.slug && slug !== normalizeSlug(entry.slug)) report.mapped("post", `slug ${entry.slug}`, `slug ${slug}`);
      context.postSlugs.add(slug);
      rows.posts.push({ ...values, id, slug, sku: buildSku(taxonomy.categoryName), commentCount: postComments.length });
    }
    for (const comment of postComments) comment.postId = id;
    rows.comments.push(...postComments);
    rows.postTags.push(...taxonomy.tagIds.map((tagId, position) => ({ postId: id, tagId, position })));
    const coauthors = [...new Set(coauthorSourceIds.flatMap((login) => context.authorIds.get(login) ?? []))].filter(
      (userId) => userId !== authorId,
    );
    rows.coauthors.push(...coauthors.map((userId, position) => ({ postId: id, userId, position })));
    if (slug) rows.redirects.push(...entry.oldPaths.map((fromPath) => ({ fromPath, toPath: postPath(slug) })));
    rows.items.push({ site, kind: "post", sourceId: entry.sourceId, localId: id, checksum: item.checksum });
    // A new post was on no cached page; the lists it joins are announced with every batch.
    if (postId) rows.changedTags.push(postTag(id), postTag(slug));
  }

  async function existingPostId(tx: Database, existing: ImportItem | undefined): Promise<string | null> {
    if (!existing || context.dryRun) return existing?.localId ?? null;
    const [row] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, existing.localId));
    return row?.id ?? null;
  }

  async function writePage(tx: Database, item: PreparedEntry, rows: BatchRows) {
    const { entry } = item;
    const commentCount = entry.comments.length;
    if (commentCount > 0) skippedComments["on a page"] = (skippedComments["on a page"] ?? 0) + commentCount;
    if (entry.status === "scheduled") report.mapped("page", `page ${entry.sourceId}`, "scheduled → draft");
    const values = {
      title: item.title,
      content: item.html,
      authorId: context.authorIds.get(entry.authorSourceIds[0] ?? "") ?? null,
      ...publication(entry),
      metaTitle: entry.metaTitle,
      metaDescription: entry.metaDescription,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
    };
    let id = item.existing?.localId ?? null;
    let slug = "";
    if (id && !context.dryRun) {
      const [row] = await tx.update(pages).set(values).where(eq(pages.id, id)).returning({ slug: pages.slug });
      if (row) slug = row.slug;
      else id = null;
    }
    if (id) report.count("page", "updated");
    else {
      report.count("page", "created");
      id = randomUUID();
      const wanted = normalizeSlug(entry.slug) || slugify(item.title, "page");
      slug = freeSlug(wanted, context.pageSlugs, isReservedPageSlug);
      if (slug !== wanted) {
        report.mapped(
          "page",
          `slug ${wanted}`,
          `slug ${slug}${isReservedPageSlug(wanted) ? " (the site uses that address)" : ""}`,
        );
      }
      context.pageSlugs.add(slug);
      rows.pages.push({ ...values, id, slug });
    }
    if (slug) rows.redirects.push(...entry.oldPaths.map((fromPath) => ({ fromPath, toPath: pagePath(slug) })));
    rows.items.push({ site, kind: "page", sourceId: entry.sourceId, localId: id, checksum: item.checksum });
  }
}
