import { MEDIA_MESSAGES, mediaApi } from "@broadsheet/domain";
import { fetchEndpoint } from "../../lib/api-client";

export type MediaUploadResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * POST /api/media from the browser (same origin, the session cookie goes along): one
 * image in the multipart field `file`. The server re-encodes it and answers its URL.
 */
export async function uploadToMedia(file: File): Promise<MediaUploadResult> {
  const form = new FormData();
  form.set("file", file, file.name || "upload");
  try {
    const result = await fetchEndpoint(mediaApi.upload, { form });
    if (!result.ok) return { ok: false, message: result.data.message ?? MEDIA_MESSAGES.malformedUpload };
    const { url } = result.data;
    return url ? { ok: true, url } : { ok: false, message: MEDIA_MESSAGES.malformedUpload };
  } catch {
    return { ok: false, message: MEDIA_MESSAGES.malformedUpload };
  }
}
