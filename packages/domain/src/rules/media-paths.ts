/*
 * Where this site serves an upload: /media/{key}.{extension}, the key the SHA-256 of the stored
 * bytes in hex. Uploads are stored as WebP; older records may still name png, jpeg or gif files.
 */

export const MEDIA_PATH_PREFIX = "/media/";
const MEDIA_KEY = "[a-f0-9]{64}";

/** The regex text of a media path, for schemas that accept it beside other URLs; `extension` is regex text too. */
export function mediaPathPattern(extension = String.raw`\w+`): string {
  return String.raw`\/media\/${MEDIA_KEY}\.${extension}`;
}

/** The extensions a profile photo's media path may name (regex text). */
export const PHOTO_EXTENSION_PATTERN = "(?:webp|png|jpe?g|gif)";

const MEDIA_PATH = new RegExp(String.raw`^\/media\/(${MEDIA_KEY})\.(\w+)$`);

export interface MediaPath {
  /** The stored file's key: 64 hex digits. */
  key: string;
  extension: string;
}

/** The key and extension of a media path, or null when `path` is not exactly one. */
export function parseMediaPath(path: string): MediaPath | null {
  const match = MEDIA_PATH.exec(path);
  if (!match?.[1] || !match[2]) return null;
  return { key: match[1], extension: match[2] };
}

/** The key of an image stored here as it is served now (a .webp media path), or null. */
export function storedImageKey(path: string): string | null {
  const media = parseMediaPath(path);
  return media?.extension === "webp" ? media.key : null;
}

const PHOTO_MEDIA_PATH = new RegExp(`^${mediaPathPattern(PHOTO_EXTENSION_PATTERN)}$`);

/** Whether `path` is an upload of this site a profile photo may be. */
export function isPhotoMediaPath(path: string): boolean {
  return PHOTO_MEDIA_PATH.test(path);
}

/** The path an image stored under `key` is served at. */
export function storedImagePath(key: string): string {
  return `${MEDIA_PATH_PREFIX}${key}.webp`;
}
