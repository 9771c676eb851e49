import { createWriteStream, type WriteStream } from "node:fs";
import { unlink } from "node:fs/promises";
import { BODY_MAX_BYTES } from "@broadsheet/domain";
import type { Context } from "hono";
import { invalid, tooLarge } from "../errors";
import { streamMultipart } from "./multipart";

/** A multipart form whose one file went to disk as it arrived. */
export interface UploadOnDisk {
  fields: Map<string, string>;
  /** Null when the form held no file. */
  file: { path: string; name: string } | null;
}

export interface UploadLimits {
  /** The form's file field; any other file part is refused. */
  fileField: string;
  maxFileBytes: number;
  /** The refusal of a file past maxFileBytes (413). */
  tooLargeMessage: string;
  malformedMessage: string;
  /** Where the file goes, asked once its part begins (its name known). */
  pathFor: (fileName: string) => Promise<string>;
}

// The form's small fields and boundaries around the largest file.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Streams a multipart body whose file may be gigabytes (an export to import) straight to disk:
 * a Content-Length past the limit is refused before a byte is read, a file that grows past it
 * as it streams stops the read, and a refused or broken upload leaves no file behind.
 */
export async function receiveUploadToDisk(c: Context, limits: UploadLimits): Promise<UploadOnDisk> {
  const declaredLength = Number(c.req.header("content-length") ?? 0);
  if (declaredLength > limits.maxFileBytes + FORM_OVERHEAD_BYTES) throw tooLarge(limits.tooLargeMessage);
  const fields = new Map<string, string>();
  let file: UploadOnDisk["file"] = null;
  let out: WriteStream | undefined;
  let failed = false;
  let fileWritten: Promise<void> = Promise.resolve();
  const multipartLimits = { files: 1, fileSize: limits.maxFileBytes, fields: 20, fieldSize: BODY_MAX_BYTES, parts: 21 };

  try {
    await streamMultipart(
      c,
      { ...multipartLimits, tooManyFilesMessage: limits.malformedMessage, malformedMessage: limits.malformedMessage },
      {
        field(name, value) {
          if (!fields.has(name)) fields.set(name, value);
        },
        file(name, stream, info, fail) {
          const fileName = info.filename;
          if (name !== limits.fileField) fail(invalid(limits.malformedMessage));
          // An empty file input: the browser sends a part with no file name and no bytes.
          if (name !== limits.fileField || !fileName) {
            stream.resume();
            return;
          }
          stream.on("limit", () => fail(tooLarge(limits.tooLargeMessage)));
          fileWritten = limits.pathFor(fileName).then((filePath) => {
            file = { path: filePath, name: fileName };
            if (failed) return;
            const target = createWriteStream(filePath);
            out = target;
            return new Promise<void>((written, broken) => {
              // After the last byte is flushed, or after a refusal destroyed the stream.
              target.on("close", written);
              target.on("error", broken);
              stream.pipe(target);
            });
          });
          fileWritten.catch(fail);
        },
        failed() {
          failed = true;
          out?.destroy();
        },
      },
    );
    await fileWritten;
    if (failed) throw invalid(limits.malformedMessage);
  } catch (error) {
    await fileWritten.catch(() => undefined);
    const partial = file as UploadOnDisk["file"];
    if (partial) await unlink(partial.path).catch(() => undefined);
    throw error;
  }
  return { fields, file };
}
