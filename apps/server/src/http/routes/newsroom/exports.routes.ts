import { Readable } from "node:stream";
import { exportsApi } from "@broadsheet/domain";
import type { Context } from "hono";
import type { ExportDownload, SiteExportService } from "../../../site-export";
import { apiRouter, routeOf } from "../../api-routes";
import type { AppEnv } from "../../app-env";

/** A download streamed as it is made; an attachment, so compression.ts leaves it as it is. */
function sendDownload(c: Context<AppEnv>, { fileName, stream }: ExportDownload, contentType: string) {
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  });
}

/** GET /api/exports/broadsheet and /api/exports/wxr: Admin → Export's downloads (issue 41). */
export function exportsRoutes(siteExport: SiteExportService) {
  return apiRouter()
    .openapi(routeOf(exportsApi.broadsheet), async (c) =>
      sendDownload(c, await siteExport.archiveDownload({ includeSecrets: false }), "application/gzip"),
    )
    .openapi(routeOf(exportsApi.wxr), async (c) =>
      sendDownload(c, await siteExport.wxrDownload(), "application/xml; charset=utf-8"),
    );
}
