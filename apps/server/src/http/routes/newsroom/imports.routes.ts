import { IMPORT_MESSAGES, IMPORT_SOURCES, ImportFormSchema, importsApi } from "@broadsheet/domain";
import { invalid } from "../../../errors";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { parseInput } from "../../body";
import { sessionUser } from "../../middleware/session";
import { isMultipart } from "../../multipart";
import { receiveUploadToDisk } from "../../upload-to-disk";

const SOURCE_AND_DRY_RUN = ImportFormSchema.pick({ source: true, dryRun: true });

/** /api/imports: an export uploaded to disk and imported by the job queue (issue 41). Admins only. */
export function importsRoutes(imports: Services["imports"]) {
  return apiRouter()
    .openapi(routeOf(importsApi.create, { streamsBody: true }), async (c) => {
      if (!isMultipart(c)) throw invalid(IMPORT_MESSAGES.fileRequired);
      const upload = await receiveUploadToDisk(c, {
        fileField: "file",
        maxFileBytes: imports.maxUploadBytes,
        tooLargeMessage: IMPORT_MESSAGES.fileTooLarge,
        malformedMessage: IMPORT_MESSAGES.malformedUpload,
        pathFor: (fileName) => imports.uploadPath(fileName),
      });
      const { file } = upload;
      try {
        const source = upload.fields.get("source");
        if (!source || !(IMPORT_SOURCES as readonly string[]).includes(source))
          throw invalid(IMPORT_MESSAGES.unknownSource);
        const form = parseInput(SOURCE_AND_DRY_RUN, { source, dryRun: upload.fields.get("dryRun") });
        if (!file) throw invalid(IMPORT_MESSAGES.fileRequired);
        const id = await imports.queue({
          source: form.source,
          filePath: file.path,
          fileName: file.name,
          dryRun: form.dryRun === "true",
          createdBy: sessionUser(c).id,
        });
        return c.json({ id }, 202);
      } catch (error) {
        if (file) await imports.discardUpload(file.path);
        throw error;
      }
    })
    .openapi(routeOf(importsApi.list), async (c) => c.json({ items: await imports.list() }, 200))
    .openapi(routeOf(importsApi.get), async (c) => c.json(await imports.get(c.req.valid("param").id), 200))
    .openapi(routeOf(importsApi.start), async (c) =>
      c.json({ id: await imports.startChecked(c.req.valid("param").id, sessionUser(c).id) }, 202),
    );
}
