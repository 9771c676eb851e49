import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { BODY_MAX_BYTES, MAX_IMAGES_PER_BATCH, MEDIA_MESSAGES, MESSAGES, UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import busboy from "busboy";
import type { Context } from "hono";
import { type AppError, invalid, tooLarge } from "../errors";
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

/** A busboy parser over the request's body, and the body as a Node stream to pipe into it. */
export function startMultipart(
  c: Context,
  limits: busboy.Limits,
  malformedMessage: string,
): { parser: busboy.Busboy; source: Readable } {
  const body = c.req.raw.body;
  try {
    if (!body) throw new Error("no body");
    const parser = busboy({ headers: { "content-type": c.req.header("content-type") ?? "" }, limits });
    return { parser, source: Readable.fromWeb(body as NodeReadableStream) };
  } catch {
    throw invalid(malformedMessage);
  }
}

/** Why a text field is refused (no name or value, past its size, NUL), or null when it is fine. */
export function fieldProblem(
  name: string | undefined,
  value: string | undefined,
  info: busboy.FieldInfo,
  malformedMessage: string,
): AppError | null {
  if (typeof name !== "string" || typeof value !== "string") return invalid(malformedMessage);
  if (info.valueTruncated) return tooLarge(MESSAGES.bodyTooLarge);
  if (containsNul(name) || containsNul(value)) return invalid(MESSAGES.nulCharacter);
  return null;
}

/**
 * Streams a multipart body through busboy: the sixth file, a file past 10 MB, a field past
 * 1 MB or NUL in a field stop the read at once with 400/413; a malformed body is a 400.
 * Nothing is buffered beyond what the limits allow.
 */
export async function readMultipart(c: Context, maxFiles: number = MAX_IMAGES_PER_BATCH): Promise<MultipartForm> {
  const { parser, source } = startMultipart(
    c,
    { files: maxFiles, fileSize: UPLOAD_MAX_BYTES, fields: 100, fieldSize: BODY_MAX_BYTES, parts: 200 },
    MEDIA_MESSAGES.malformedUpload,
  );

  return new Promise<MultipartForm>((resolve, reject) => {
    const parts: FormPart[] = [];
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    // busboy hands over what the body says: a part may lack a name, a field its value.
    parser.on("field", (name: string | undefined, value: string | undefined, info) => {
      const problem = fieldProblem(name, value, info, MEDIA_MESSAGES.malformedUpload);
      if (problem) fail(problem);
      else parts.push({ name: name as string, value: value as string });
    });
    parser.on("file", (name: string | undefined, stream, info) => {
      if (typeof name !== "string") {
        stream.resume();
        fail(invalid(MEDIA_MESSAGES.malformedUpload));
        return;
      }
      // The slot is taken now, so the file keeps its place among fields that arrive while it streams.
      const part = { name, file: Buffer.alloc(0) };
      parts.push(part);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(tooLarge(MEDIA_MESSAGES.tooManyBytes)));
      // A body cut off inside a file fails the file's stream too: unhandled, that would end the process.
      stream.on("error", () => fail(invalid(MEDIA_MESSAGES.malformedUpload)));
      stream.on("end", () => {
        part.file = Buffer.concat(chunks);
        // An empty file input: the browser sends a part with no file name and no bytes.
        if (!info.filename && part.file.length === 0) parts.splice(parts.indexOf(part), 1);
      });
    });
    parser.on("filesLimit", () => fail(invalid(MESSAGES.tooManyFiles)));
    parser.on("fieldsLimit", () => fail(tooLarge(MESSAGES.bodyTooLarge)));
    parser.on("partsLimit", () => fail(tooLarge(MESSAGES.bodyTooLarge)));
    parser.on("error", () => fail(invalid(MEDIA_MESSAGES.malformedUpload)));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve(new MultipartForm(parts));
    });
    source.on("error", () => fail(invalid(MEDIA_MESSAGES.malformedUpload)));
    source.pipe(parser);
  });
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
