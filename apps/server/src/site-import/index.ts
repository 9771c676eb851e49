import type { Caches } from "../caching";
import type { Database } from "../db/client";
import type { MediaService } from "../media";
import { readGhostExport } from "./ghost/ghost-reader";
import { createImportWriter } from "./import-writer";
import type { ExportReader, ImportSource, SiteImportService } from "./model";
import { readWordPressExport } from "./wordpress/wxr-reader";

export { createImportJobs, type ImportJobs } from "./import-jobs";
export { formatReport } from "./import-report";
export * from "./model";
export { createWordPressReader, readWordPressExport, WXR_MESSAGES } from "./wordpress/wxr-reader";

export interface SiteImportDeps {
  db: Database;
  caches: Caches;
  media: MediaService;
  /** How long an image fetch may take (tests shorten it). */
  imageTimeoutMs?: number;
  databaseKind: "postgres" | "pglite";
}

/*
 * The reader of each source. The Broadsheet archive restore (site-import/broadsheet/) is wired
 * here when it lands; until then its source answers "not available yet".
 */
const READERS: Partial<Record<ImportSource, ExportReader>> = {
  wordpress: readWordPressExport,
  ghost: readGhostExport,
};

/** Imports another site's export (CLI `npm run import`, the Admin → Import job). */
export function createSiteImportService(deps: SiteImportDeps): SiteImportService {
  return createImportWriter({ ...deps, readers: READERS });
}
