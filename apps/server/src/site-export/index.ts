export { extractArchive } from "./archive-extract";
export {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_TABLES,
  ArchiveFormatError,
  type ArchiveManifest,
  type ArchiveTable,
  archiveColumns,
  isSafeMediaKey,
  LEGACY_ARCHIVE_TABLES,
  MANIFEST_FILE,
  MEDIA_DIR,
  schemaVersion,
  tableFile,
  timestampValue,
  userReferenceKeys,
} from "./archive-format";
export type { ArchiveOptions } from "./archive-writer";
export { createSiteExportService, type ExportDownload, type SiteExportService } from "./site-export.service";
