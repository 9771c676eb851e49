import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import { createConcurrencyLimit } from "../concurrency-limit";
import type { Database } from "../db/client";
import type { MediaService } from "../media";
import { createImageFetcher } from "./fetch-image";
import { checksumOf, loadImportItems, saveImportItems } from "./import-items";
import type { ReportBuilder } from "./import-report";

/*
 * An imported site's images made the site's own: read from a local copy of the uploads folder
 * (--media-dir) or fetched (a few at a time, with a timeout and a size cap), then stored through
 * the same pipeline as an upload (format read from the bytes, re-encoded). An image that cannot
 * be had keeps its old address and is listed in the report. Each address is fetched once per
 * site: import_items (kind "media") remembers what it became.
 */

export const IMAGE_FETCH_CONCURRENCY = 6;
export const IMAGE_FETCH_TIMEOUT_MS = 15_000;

export interface ImageImportOptions {
  db: Database;
  media: MediaService;
  site: string;
  /** The old site's address, for image paths written relative to it. */
  siteUrl: string;
  mediaDir?: string;
  dryRun: boolean;
  report: ReportBuilder;
  timeoutMs?: number;
  /** Fetch images from private and loopback addresses too (IMPORT_FETCH_PRIVATE_ADDRESSES). */
  privateAddresses?: boolean;
}

/** Where each platform keeps its uploads: WordPress's wp-content/uploads, Ghost's content/images. */
const UPLOAD_FOLDERS = ["/wp-content/uploads/", "/content/images/"];

/**
 * The file under `mediaDir` an uploads address names (…/wp-content/uploads/2020/05/a.jpg and
 * Ghost's /content/images/2020/05/a.jpg → 2020/05/a.jpg); the address may be relative to the old site.
 */
export function mediaDirFile(mediaDir: string, url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, "http://old-site.invalid").pathname);
  } catch {
    return null;
  }
  const marker = UPLOAD_FOLDERS.find((folder) => pathname.includes(folder));
  const relative = marker ? pathname.slice(pathname.indexOf(marker) + marker.length) : pathname.replace(/^\/+/, "");
  const file = path.resolve(mediaDir, relative);
  // Never outside the folder given, whatever the address says.
  return file.startsWith(path.resolve(mediaDir) + path.sep) ? file : null;
}

async function readLocal(file: string | null): Promise<Buffer | null> {
  if (!file) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || info.size > UPLOAD_MAX_BYTES) return null;
  return readFile(file).catch(() => null);
}

export function createImageImporter(options: ImageImportOptions) {
  const { report } = options;
  const known = new Map<string, string | null>();
  const slot = createConcurrencyLimit(IMAGE_FETCH_CONCURRENCY);
  const fetchImage = createImageFetcher({
    timeoutMs: options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS,
    maxBytes: UPLOAD_MAX_BYTES,
    privateAddresses: options.privateAddresses ?? false,
  });
  let warnedDryRun = false;

  const absolute = (url: string) => {
    try {
      return new URL(url, options.siteUrl || undefined).href;
    } catch {
      return null;
    }
  };

  async function importOne(url: string, uploaderId: string | null): Promise<string | null> {
    const local = options.mediaDir ? await readLocal(mediaDirFile(options.mediaDir, url)) : null;
    if (options.dryRun) {
      if (local) report.report.images.fromMediaDir++;
      else if (!warnedDryRun) {
        warnedDryRun = true;
        report.warn("A dry run fetches no images: those not in the media folder are fetched by the import itself.");
      }
      return null;
    }
    const bytes = local ?? (url.startsWith("/") ? null : await slot(() => fetchImage(url)));
    if (!bytes) return null;
    try {
      const stored = await options.media.uploadImage(bytes, { uploaderId });
      if (local) report.report.images.fromMediaDir++;
      else report.report.images.fetched++;
      return stored.url;
    } catch {
      return null;
    }
  }

  return {
    /**
     * The local address of each image address (absolute, or relative to the old site);
     * an image that could not be had maps to its absolute address and is reported missing.
     */
    async localize(urls: Iterable<string>, uploaderId: string | null): Promise<Map<string, string>> {
      const wanted = [...new Set(urls)].filter((url) => !url.startsWith("/media/"));
      const result = new Map<string, string>();
      const toFind: { url: string; href: string }[] = [];
      for (const url of wanted) {
        // An address relative to an old site whose address the export does not give (Ghost's) stays
        // relative: found in the media folder, or reported missing.
        const href = absolute(url) ?? (url.startsWith("/") && !url.startsWith("//") ? url : null);
        if (!href || !(/^https?:/.test(href) || href.startsWith("/"))) continue;
        const already = known.get(href);
        if (already !== undefined) result.set(url, already ?? href);
        else toFind.push({ url, href });
      }
      const saved = options.dryRun
        ? new Map()
        : await loadImportItems(
            options.db,
            options.site,
            "media",
            toFind.map((item) => item.href),
          );
      const newlySaved: { site: string; kind: string; sourceId: string; localId: string; checksum: string }[] = [];
      await Promise.all(
        toFind.map(async ({ url, href }) => {
          const local = saved.get(href)?.localId ?? (await importOne(href, uploaderId));
          if (local && !saved.has(href)) {
            newlySaved.push({
              site: options.site,
              kind: "media",
              sourceId: href,
              localId: local,
              checksum: checksumOf(href),
            });
          }
          if (!local && !known.has(href) && !options.dryRun) report.missingImage(href);
          known.set(href, local);
          result.set(url, local ?? href);
        }),
      );
      if (newlySaved.length > 0) {
        await saveImportItems(options.db, newlySaved);
        report.count("media", "created", newlySaved.length);
      }
      return result;
    },
  };
}

export type ImageImporter = ReturnType<typeof createImageImporter>;
