import type { Caches } from "../caching";
import type { Database } from "../db/client";
import type { MediaService } from "../media";
import { createImportWriter } from "./import-writer";
import type { ExportReader, ImportSource, SiteImportService } from "./model";
import { readWordPressExport } from "./wordpress/wxr-reader";

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
 * The reader of each source. Ghost (site-import/ghost/ghost-reader.ts, readGhostExport) and the
 * Broadsheet archive restore (site-import/broadsheet/) are wired here when they land; until
 * then their source answers "not available yet".
 */
const READERS: Partial<Record<ImportSource, ExportReader>> = {
  wordpress: readWordPressExport,
};

/** Imports another site's export (CLI `npm run import`, the Admin → Import job). */
export function createSiteImportService(deps: SiteImportDeps): SiteImportService {
  return createImportWriter({ ...deps, readers: READERS });
}
