import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "../db/client";
import type { ArchiveManifest } from "./archive-format";
import { type ArchiveOptions, archivePacker, type OnArchiveFile, writeArchive } from "./archive-writer";
import { wxrStream } from "./wxr-writer";

export interface SiteExportDeps {
  /** The site's public address: the archive's site URL and every link of a WXR file. */
  publicUrl: string;
  settings: {
    getSettings(): Promise<{
      siteName: string;
      tagline: string;
      timeZone: string;
      contactEmail: string;
      contactPhone: string;
    }>;
  };
  /**
   * Read every table in one repeatable-read transaction, so rows written meanwhile never make the
   * archive disagree with itself. On PostgreSQL only: PGlite's one connection would stall the site.
   */
  snapshot: boolean;
}

/** A file to download: its name and its bytes as they are made. */
export interface ExportDownload {
  fileName: string;
  stream: Readable;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Everything on the site out: the Broadsheet archive (a directory or a .tar.gz) and a WordPress WXR file. */
export function createSiteExportService(db: Database, deps: SiteExportDeps) {
  const siteInfo = async () => {
    const settings = await deps.settings.getSettings();
    return { ...settings, url: deps.publicUrl };
  };

  return {
    /** Writes the archive into `dir`, which must be new or empty. */
    async exportToDirectory(dir: string, options: ArchiveOptions, onFile?: OnArchiveFile): Promise<ArchiveManifest> {
      const site = await siteInfo();
      const info = { name: site.siteName, url: site.url };
      if (!deps.snapshot) return writeArchive(db, dir, info, options, onFile);
      return db.transaction((tx) => writeArchive(tx as unknown as Database, dir, info, options, onFile), {
        isolationLevel: "repeatable read",
        accessMode: "read only",
      });
    },

    /**
     * The archive as a .tar.gz, streamed as it is made: each file is written to a temporary
     * directory (a tar entry needs its size before its bytes), packed, then removed.
     */
    async archiveDownload(options: ArchiveOptions): Promise<ExportDownload> {
      const dir = await mkdtemp(path.join(os.tmpdir(), "broadsheet-export-"));
      const packer = archivePacker(dir);
      packer.stream.once("close", () => rm(dir, { recursive: true, force: true }));
      this.exportToDirectory(dir, options, packer.add).then(packer.finish, packer.fail);
      return { fileName: `broadsheet-export-${today()}.tar.gz`, stream: packer.stream };
    },

    async wxrDownload(): Promise<ExportDownload> {
      const site = await siteInfo();
      const stream = wxrStream(db, {
        name: site.siteName,
        tagline: site.tagline,
        url: site.url,
        timeZone: site.timeZone,
        fields: site,
      });
      return { fileName: `broadsheet-wordpress-${today()}.xml`, stream };
    },

    async exportWxrFile(file: string): Promise<void> {
      const { stream } = await this.wxrDownload();
      await pipeline(stream, createWriteStream(file));
    },
  };
}

export type SiteExportService = ReturnType<typeof createSiteExportService>;
