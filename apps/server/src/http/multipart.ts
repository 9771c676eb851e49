import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { BODY_MAX_BYTES, MAX_IMAGES_PER_BATCH, MEDIA_MESSAGES, MESSAGES, UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import busboy from "busboy";
import type { Context } from "hono";
import { invalid, tooLarge } from "../errors";
import { containsNul } from "./body";

/** One part of a multipart form, in the order the form sent them. */
export type FormPart = { name: string; value: string } | { name: string; file: Buffer };

/** A multipart body ready for the services: text fields and files, in order. */
export class MultipartForm {
  constructor(readonly parts: FormPart[]) {}

  /** The first text value of a field. */
  text(name: string): string | undefined {
    for (const part of this.parts) if (part.name === name && "value" in part) return part.value;
    return undefined;
  }

  /** Every part of these fields, text or file, in form order. */
  all(...names: string[]): FormPart[] {
    return this.parts.filter((part) => names.includes(part.name));
  }
}

export function isMultipart(c: Context): boolean {
  return c.req.header("content-type")?.toLowerCase().includes("multipart/form-data") ?? false;
}

/** What a reader does with the parts of a multipart body as they stream in. */
export interface MultipartHandlers {
  /** A text field that passed the checks (a name, a value, within its size, no NUL). */
  field(name: string, value: string): void;
  /** A file part with a name; `fail` refuses the body and stops the read. */
  file(name: string, stream: Readable, info: busboy.FileInfo, fail: (error: unknown) => void): void;
  /** Called at every refusal, before the read stops (to drop a file being written). */
  failed?: () => void;
}

export interface MultipartLimits extends busboy.Limits {
  /** The refusal of a body past `files`. */
  tooManyFilesMessage: string;
  /** The refusal of a body busboy cannot read. */
  malformedMessage: string;
}

/**
 * Streams a multipart body through busboy to `handlers`: a part past the limits, a field past
 * its size or with NUL stop the read at once with 400/413; a malformed body is a 400. Settles
 * when the whole body has been read, or at the first refusal.
 */
export function streamMultipart(c: Context, limits: MultipartLimits, handlers: MultipartHandlers): Promise<void> {
  const { tooManyFilesMessage, malformedMessage, ...busboyLimits } = limits;
  const body = c.req.raw.body;
  let parser: busboy.Busboy;
  try {
    if (!body) throw new Error("no body");
    parser = busboy({ headers: { "content-type": c.req.header("content-type") ?? "" }, limits: busboyLimits });
  } catch {
    return Promise.reject(invalid(malformedMessage));
  }
  const source = Readable.fromWeb(body as NodeReadableStream);

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      handlers.failed?.();
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    // busboy hands over what the body says: a part may lack a name, a field its value.
    parser.on("field", (name: string | undefined, value: string | undefined, info) => {
      if (typeof name !== "string" || typeof value !== "string") fail(invalid(malformedMessage));
      else if (info.valueTruncated) fail(tooLarge(MESSAGES.bodyTooLarge));
      else if (containsNul(name) || containsNul(value)) fail(invalid(MESSAGES.nulCharacter));
      else handlers.field(name, value);
    });
    parser.on("file", (name: string | undefined, stream, info) => {
      if (typeof name !== "string") {
        stream.resume();
        fail(invalid(malformedMessage));
        return;
      }
      // A body cut off inside a file fails the file's stream too: unhandled, that would end the process.
      stream.on("error", () => fail(invalid(malformedMessage)));
      handlers.file(name, stream, info, fail);
    });
    parser.on("filesLimit", () => fail(invalid(tooManyFilesMessage)));
    parser.on("fieldsLimit", () => fail(tooLarge(MESSAGES.bodyTooLarge)));
    parser.on("partsLimit", () => fail(tooLarge(MESSAGES.bodyTooLarge)));
    parser.on("error", () => fail(invalid(malformedMessage)));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    source.on("error", () => fail(invalid(malformedMessage)));
    source.pipe(parser);
  });
}

/**
 * Reads a multipart body into memory: the sixth file or a file past 10 MB stop the read at
 * once with 400/413. Nothing is buffered beyond what the limits allow.
 */
export async function readMultipart(c: Context, maxFiles: number = MAX_IMAGES_PER_BATCH): Promise<MultipartForm> {
  const parts: FormPart[] = [];
  const limits = { files: maxFiles, fileSize: UPLOAD_MAX_BYTES, fields: 100, fieldSize: BODY_MAX_BYTES, parts: 200 };
  await streamMultipart(
    c,
    { ...limits, tooManyFilesMessage: MESSAGES.tooManyFiles, malformedMessage: MEDIA_MESSAGES.malformedUpload },
    {
      field: (name, value) => parts.push({ name, value }),
      file(name, stream, info, fail) {
        // The slot is taken now, so the file keeps its place among fields that arrive while it streams.
        const part = { name, file: Buffer.alloc(0) };
        parts.push(part);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("limit", () => fail(tooLarge(MEDIA_MESSAGES.tooManyBytes)));
        stream.on("end", () => {
          part.file = Buffer.concat(chunks);
          // An empty file input: the browser sends a part with no file name and no bytes.
          if (!info.filename && part.file.length === 0) parts.splice(parts.indexOf(part), 1);
        });
      },
    },
  );
  return new MultipartForm(parts);
}

/** The images of a post or advert form: files, and URLs (one per field or a JSON list), in form order. */
export function imageParts(form: MultipartForm): (string | Buffer)[] {
  const images: (string | Buffer)[] = [];
  for (const part of form.all("image", "images")) {
    if ("file" in part) images.push(part.file);
    else if (part.value.trim().startsWith("[")) images.push(...parseJsonArray(part.value));
    else if (part.value.trim()) images.push(part.value.trim());
  }
  return images;
}

function parseJsonArray(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === "string")) return parsed;
  } catch {
    // Fall through to the 400 below.
  }
  throw invalid("image must be a list of image URLs");
}
