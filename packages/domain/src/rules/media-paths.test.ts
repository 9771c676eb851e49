import { describe, expect, it } from "vitest";
import { IMAGE_URL_PATTERN } from "../content/posts.schemas";
import {
  isPhotoMediaPath,
  MEDIA_PATH_PREFIX,
  mediaPathPattern,
  parseMediaPath,
  storedImageKey,
  storedImagePath,
} from "./media-paths";

const KEY = "ab".repeat(32);

describe("media paths", () => {
  it("reads the key and extension of an upload's path", () => {
    expect(parseMediaPath(`/media/${KEY}.webp`)).toEqual({ key: KEY, extension: "webp" });
    expect(parseMediaPath(`/media/${KEY}.png`)).toEqual({ key: KEY, extension: "png" });
  });

  it("refuses anything but exactly one media path", () => {
    expect(parseMediaPath(`/media/${KEY.slice(1)}.webp`)).toBeNull();
    expect(parseMediaPath(`/media/${KEY.toUpperCase()}.webp`)).toBeNull();
    expect(parseMediaPath(`/media/${KEY}.webp?w=640`)).toBeNull();
    expect(parseMediaPath(`/media/${KEY}`)).toBeNull();
    expect(parseMediaPath(`https://example.com/media/${KEY}.webp`)).toBeNull();
    expect(parseMediaPath(`/media/a/${KEY}.webp`)).toBeNull();
  });

  it("finds a stored image's key only on a .webp path", () => {
    expect(storedImageKey(`/media/${KEY}.webp`)).toBe(KEY);
    expect(storedImageKey(`/media/${KEY}.png`)).toBeNull();
    expect(storedImageKey("/media/x.webp")).toBeNull();
    expect(storedImageKey(storedImagePath(KEY))).toBe(KEY);
    expect(storedImagePath(KEY)).toBe(`/media/${KEY}.webp`);
  });

  it("takes a profile photo's path with an image extension only", () => {
    for (const extension of ["webp", "png", "jpg", "jpeg", "gif"]) {
      expect(isPhotoMediaPath(`/media/${KEY}.${extension}`), extension).toBe(true);
    }
    expect(isPhotoMediaPath(`/media/${KEY}.svg`)).toBe(false);
    expect(isPhotoMediaPath(`/media/${KEY}.jpgx`)).toBe(false);
  });

  it("gives schemes the same path as regex text", () => {
    expect(new RegExp(`^${mediaPathPattern()}$`).test(`/media/${KEY}.avif`)).toBe(true);
    expect(IMAGE_URL_PATTERN.test(`/media/${KEY}.webp`)).toBe(true);
    expect(IMAGE_URL_PATTERN.test(`/media/${KEY}.webp/x`)).toBe(false);
    expect(`/media/${KEY}.webp`.startsWith(MEDIA_PATH_PREFIX)).toBe(true);
  });
});
