import { mediaApi } from "@broadsheet/domain";
import type { AppLoadContext } from "react-router";
import { callApi } from "../api.server";

/**
 * POST /api/media with one file (multipart field `file`), in-process; with
 * `purpose: "profile"` the API accepts JPEG and PNG only.
 */
export function uploadImage(context: AppLoadContext, file: File, purpose?: "profile") {
  const form = new FormData();
  form.set("file", file, file.name || "upload");
  if (purpose) form.set("purpose", purpose);
  return callApi(context, mediaApi.upload, { form });
}
