/*
 * What every importer reads out of another site's export (issue 41): the WordPress and Ghost
 * readers turn their files into these records, and one writer turns the records into posts,
 * pages, tags, accounts, comments, media and redirects. A reader yields them as it streams the
 * file; the writer reads the file twice (first the site, authors, terms and attachments and a
 * count, then the entries), so a post may refer to an attachment that comes after it.
 */

/** The site the export came from; the first record of every export. */
export interface ImportedSite {
  kind: "site";
  /** Keys this site's items in import_items ("wordpress:https://example.com"), so two sites never collide. */
  key: string;
  /** The site's own address ("https://example.com", or "https://example.com/blog"), "" when unknown. */
  url: string;
  title: string;
}

export interface ImportedAuthor {
  kind: "author";
  /** The author's id in the export (a WordPress login, a Ghost user id). */
  sourceId: string;
  email: string;
  displayName: string;
  /** The author's slug there, kept for their author page when free. */
  slug: string;
  bio: string;
  /** Paths of the author's old pages (Ghost's /author/{slug}/), redirected to the new one. */
  oldPaths: string[];
}

/** A category or tag of the export, as the site defined it (entries refer to terms by slug). */
export interface ImportedTerm {
  kind: "term";
  taxonomy: "category" | "tag";
  sourceId: string;
  name: string;
  slug: string;
  /** The parent category's slug, for WordPress's nested categories; "" for none. */
  parentSlug: string;
  /** Paths of the term's old pages (Ghost's /tag/{slug}/), redirected to the new one. */
  oldPaths: string[];
}

/** A file of the export's media library (a WordPress attachment). */
export interface ImportedAttachment {
  kind: "attachment";
  sourceId: string;
  url: string;
  alt: string;
  caption: string;
  /** The entry it was uploaded to (WordPress's post_parent), for a [gallery] of a post's images; "" or absent for none. */
  parentSourceId?: string;
}

export interface TermRef {
  name: string;
  slug: string;
}

export interface ImportedComment {
  sourceId: string;
  /** The comment it answers; "" for a top-level one. */
  parentSourceId: string;
  authorName: string;
  authorEmail: string;
  createdAt: Date;
  /** Plain text: the writer stores comments as text, as the site does. */
  text: string;
}

/** A post or a static page. */
export interface ImportedEntry {
  kind: "entry";
  entryType: "post" | "page";
  sourceId: string;
  /** "" when the export has none: the writer makes one from the first words or the date, and reports it. */
  title: string;
  /** The slug there, possibly percent-encoded; "" when none. */
  slug: string;
  /** The body as plain HTML (block comments gone, shortcodes expanded); the writer still sanitises it. */
  html: string;
  excerpt: string;
  status: "published" | "draft" | "scheduled";
  /** Why the status differs from the export's ("private → draft"); "" when it does not. */
  statusNote: string;
  /** When it went (or goes) out, in UTC; null for a draft never published. */
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Author source ids, the byline's first; the others become co-authors. */
  authorSourceIds: string[];
  /** In order: the first becomes the post's category, the others tags. */
  categories: TermRef[];
  tags: TermRef[];
  isFeatured: boolean;
  /** The lead image: an attachment's source id, or an address with its alt text and caption. */
  featureImage: { attachmentSourceId: string } | { url: string; alt: string; caption: string } | null;
  metaTitle: string;
  metaDescription: string;
  /** A page's parent page (source id); "" for none. */
  parentSourceId: string;
  /** Old addresses of this entry (its permalink's path, /?p={id}…), each redirected 301 to the new one. */
  oldPaths: string[];
  comments: ImportedComment[];
  /** Comments the reader left out (pingbacks, spam, unapproved), by reason, for the report. */
  skippedComments: Record<string, number>;
  /** What the reader could not convert ("unknown shortcode [x] left as text"), for the report. */
  warnings?: string[];
}

/**
 * An <img> of an entry's html may name an attachment of the export by this source, before the
 * attachment is known (a gallery of ids): the writer puts the attachment's address in its place.
 */
export function attachmentImageSource(attachmentSourceId: string): string {
  return `attachment:${attachmentSourceId}`;
}

/** An <img> that stands for every image attached to an entry (WordPress's [gallery] with no ids). */
export function attachedImagesSource(entrySourceId: string): string {
  return `attachments-of:${entrySourceId}`;
}

/** Something of the export the reader left out (a menu item, a revision, a post in the trash), for the report. */
export interface ImportedSkip {
  kind: "skipped";
  /** What it was there ("nav_menu_item", "post"). */
  what: string;
  sourceId: string;
  reason: string;
}

/** A reader of a site (a Ghost member), kept for the newsletter work that follows. */
export interface ImportedMember {
  kind: "member";
  email: string;
  name: string;
  subscribed: boolean;
  /** When the member joined the other site, when the export says. */
  createdAt: Date | null;
}

export type ImportRecord =
  | ImportedSite
  | ImportedAuthor
  | ImportedTerm
  | ImportedAttachment
  | ImportedEntry
  | ImportedMember
  | ImportedSkip;

/** Reads an export file as a stream of records; throws ImportInputError for a file it cannot read. */
export type ExportReader = (filePath: string) => AsyncIterable<ImportRecord>;

/** A file that is not an export of the kind asked for, or is broken: the one-line reason is shown as is. */
export class ImportInputError extends Error {
  override name = "ImportInputError";
}

export type ImportSource = "wordpress" | "ghost" | "broadsheet";

/** What an import did (or, on a dry run, would do), per kind of thing. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

export interface ImportReport {
  source: ImportSource;
  site: string;
  dryRun: boolean;
  /** Keys: author, category, type, tag, post, page, comment, media, redirect, member. */
  counts: Record<string, ImportCounts>;
  /** What was skipped and why (the first 500; counts hold the rest). */
  skipped: { kind: string; sourceId: string; reason: string }[];
  /** What became what: "category Travel → tag travel", "private → draft"… (the first 500). */
  mapped: { kind: string; from: string; to: string }[];
  images: { fetched: number; fromMediaDir: number; missing: number; missingUrls: string[] };
  /** Anything else an editor should look at ("title made from the date"), the first 500. */
  warnings: string[];
}

export interface ImportProgress {
  done: number;
  total: number;
}

export interface RunImportOptions {
  source: ImportSource;
  /** The export file (WordPress, Ghost) or the archive directory or file (Broadsheet). */
  filePath: string;
  dryRun: boolean;
  /** A local copy of the old site's uploads folder, looked in before fetching an image. */
  mediaDir?: string;
  /** Called as items are done (often: the caller throttles what it stores). */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
}

/** Runs one import to the end (or resumes one a crash stopped) and answers its report. */
export interface SiteImportService {
  run(options: RunImportOptions): Promise<ImportReport>;
}
