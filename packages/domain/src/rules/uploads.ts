/*
 * What each upload takes, for the server's check of the file's header and the browser's check
 * of the chosen file (and its picker's `accept`). Sizes and counts are in limits.ts.
 */

/** An image format as the server's image library names it from the file's header. */
export type ImageFormat = "jpeg" | "png" | "webp" | "gif";

export const IMAGE_FORMAT_NAMES: Record<ImageFormat, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", gif: "GIF" };

export interface UploadKind {
  /** The formats the server stores. */
  formats: readonly ImageFormat[];
  /** The MIME types the file picker offers and the browser takes, in the order the page names them. */
  mimeTypes: readonly string[];
}

/** A post's images, and the site's logo and icons in the settings. */
export const POST_IMAGE_UPLOAD: UploadKind = {
  formats: ["png", "jpeg", "webp"],
  mimeTypes: ["image/png", "image/jpeg", "image/webp"],
};

/** An advert's images; some systems name JPEG files image/jpg. */
export const ADVERT_IMAGE_UPLOAD: UploadKind = {
  formats: ["jpeg", "png", "gif", "webp"],
  mimeTypes: ["image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp"],
};

/** A profile photo: JPEG or PNG only (docs/product.md#profile). */
export const PROFILE_PHOTO_UPLOAD: UploadKind = {
  formats: ["jpeg", "png"],
  mimeTypes: ["image/jpeg", "image/png"],
};

/** An image placed in an article's text by the editor (POST /api/media takes every format). */
export const EDITOR_IMAGE_UPLOAD: UploadKind = {
  formats: ["jpeg", "png", "webp", "gif"],
  mimeTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"],
};

/** The `accept` attribute of the upload's file picker. */
export function acceptAttribute(upload: UploadKind): string {
  return upload.mimeTypes.join(",");
}

const EXTENSIONS: Record<ImageFormat, readonly string[]> = {
  jpeg: ["jpg", "jpeg"],
  png: ["png"],
  webp: ["webp"],
  gif: ["gif"],
};

/**
 * Whether a chosen file looks like one of the upload's formats before it is sent: by its MIME type
 * (image/jpg counting as image/jpeg), or by its name's extension when the browser gives no type.
 * The server still reads the file's header.
 */
export function isAcceptedFile(upload: UploadKind, file: { type: string; name: string }): boolean {
  if (file.type) {
    const type = file.type === "image/jpg" ? "image/jpeg" : file.type;
    return upload.formats.some((format) => type === `image/${format}`);
  }
  const extension = /\.(\w+)$/.exec(file.name)?.[1]?.toLowerCase();
  return extension !== undefined && upload.formats.some((format) => EXTENSIONS[format].includes(extension));
}
