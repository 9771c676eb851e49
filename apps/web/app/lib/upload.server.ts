import type { AppLoadContext } from "react-router";
import type { ApiResult } from "./api.server";

/**
 * POST /api/media with one file (multipart field `file`), in-process like callApi; with
 * `purpose: "profile"` the API accepts JPEG and PNG only.
 */
export async function uploadImage(
  context: AppLoadContext,
  file: File,
  purpose?: "profile",
): Promise<ApiResult<{ url?: string; message?: string }>> {
  const body = new FormData();
  body.set("file", file, file.name || "upload");
  if (purpose) body.set("purpose", purpose);
  const response = await context.api("/api/media", { method: "POST", body });
  const text = await response.text();
  const data = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : {};
  return { ok: response.ok, status: response.status, data, setCookies: response.headers.getSetCookie() };
}
