import { endpoint } from "../api/endpoint";
import { uuidParams } from "../api/query.schemas";
import { z } from "../zod";
import { IMPORT_UPLOAD_MAX_BYTES, ImportFormSchema, ImportSchema, RECENT_IMPORTS } from "./imports.schemas";

/** /api/imports: another site's export imported by the job queue (issue 41). Admins only. */

const ImportIdParams = uuidParams("import");
const ImportQueuedSchema = z.object({ id: z.string().describe("The import's id (UUID)") }).meta({ id: "ImportQueued" });

// Room for the multipart boundaries and the form's small fields around the largest file.
const IMPORT_FORM_OVERHEAD_BYTES = 64 * 1024;

export const importsApi = {
  create: endpoint({
    method: "post",
    path: "/api/imports",
    tag: "Imports",
    summary: "Upload an export and queue its import",
    description:
      'Multipart fields `file` (a WordPress WXR .xml, a Ghost .json or a Broadsheet export .tar.gz, at most 2 GB), `source` (wordpress, ghost or broadsheet) and `dryRun` ("true" checks the file and reports what the import would do, writing nothing). The file streams to disk; the import runs in the job queue: poll GET /api/imports/{id}.',
    access: "admin",
    form: ImportFormSchema,
    maxBodyBytes: IMPORT_UPLOAD_MAX_BYTES + IMPORT_FORM_OVERHEAD_BYTES,
    status: 202,
    response: ImportQueuedSchema,
    responseDescription: "The import is queued",
    errors: [400, 413],
  }),
  list: endpoint({
    method: "get",
    path: "/api/imports",
    tag: "Imports",
    summary: `The ${RECENT_IMPORTS} most recent imports, newest first`,
    access: "admin",
    response: z.object({ items: z.array(ImportSchema) }),
    responseDescription: "Recent imports",
  }),
  get: endpoint({
    method: "get",
    path: "/api/imports/{id}",
    tag: "Imports",
    summary: "An import: its status, progress and report",
    access: "admin",
    params: ImportIdParams,
    response: ImportSchema,
    responseDescription: "The import",
  }),
  start: endpoint({
    method: "post",
    path: "/api/imports/{id}/start",
    tag: "Imports",
    summary: "Import a checked file for real",
    description:
      "After a dry run that finished, queues the real import of the same file as a new import (the dry run keeps its report). The file is kept a day after its check.",
    access: "admin",
    params: ImportIdParams,
    status: 202,
    response: ImportQueuedSchema,
    responseDescription: "The real import is queued",
    errors: [409],
  }),
};
