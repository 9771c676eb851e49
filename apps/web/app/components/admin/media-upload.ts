import { MEDIA_MESSAGES } from "@broadsheet/domain";

export type MediaUploadResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * POST /api/media from the browser (same origin, the session cookie goes along): one
 * image in the multipart field `file`. The server re-encodes it and answers its URL.
 */
export async function uploadToMedia(file: File): Promise<MediaUploadResult> {
  const body = new FormData();
  body.set("file", file, file.name || "upload");
  try {
    const response = await fetch("/api/media", { method: "POST", body, credentials: "same-origin" });
    const data = (await response.json().catch(() => ({}))) as { url?: unknown; message?: unknown };
    if (response.ok && typeof data.url === "string") return { ok: true, url: data.url };
    return { ok: false, message: typeof data.message === "string" ? data.message : MEDIA_MESSAGES.malformedUpload };
  } catch {
    return { ok: false, message: MEDIA_MESSAGES.malformedUpload };
  }
}
