import {
  ADVERT_LISTS,
  CATEGORY_LISTS,
  type Caches,
  PAGE_LISTS,
  POLL_LISTS,
  POST_LISTS,
  REDIRECTS_TAG,
  SETTINGS_TAG,
  TAG_LISTS,
} from "../caching";
import type { Database } from "../db/client";
import type { MediaService } from "../media";
import { restoreBroadsheetArchive } from "./broadsheet";
import { readGhostExport } from "./ghost/ghost-reader";
import { createImportWriter } from "./import-writer";
import type { ExportReader, ImportSource, SiteImportService } from "./model";
import { readWordPressExport } from "./wordpress/wxr-reader";

export { createImageFetcher } from "./fetch-image";
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
  /** Images may be fetched from private and loopback addresses (IMPORT_FETCH_PRIVATE_ADDRESSES). */
  imageFetchPrivateAddresses?: boolean;
  databaseKind: "postgres" | "pglite";
  /** Entries from which an import builds the search indexes at its end (decision 069; tests lower it). */
  deferIndexesFrom?: number;
}

/* The reader of each source the shared writer imports; a Broadsheet archive is restored as it is instead. */
const READERS: Partial<Record<ImportSource, ExportReader>> = {
  wordpress: readWordPressExport,
  ghost: readGhostExport,
};

const RESTORED_SITE_SHOWS = [
  POST_LISTS,
  CATEGORY_LISTS,
  TAG_LISTS,
  PAGE_LISTS,
  ADVERT_LISTS,
  POLL_LISTS,
  SETTINGS_TAG,
  REDIRECTS_TAG,
];

/** Imports another site's export (CLI `npm run import`, the Admin → Import job). */
export function createSiteImportService(deps: SiteImportDeps): SiteImportService {
  const writer = createImportWriter({ ...deps, readers: READERS });
  return {
    async run(options) {
      if (options.source !== "broadsheet") return writer.run(options);
      const report = await restoreBroadsheetArchive(deps.db, options.filePath, options);
      // A whole site arrived: every list, the settings and the redirect lookup are new.
      if (!options.dryRun) await deps.caches.changed(RESTORED_SITE_SHOWS);
      return report;
    },
  };
}
