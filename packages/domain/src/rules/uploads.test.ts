import { describe, expect, it } from "vitest";
import {
  ADVERT_IMAGE_UPLOAD,
  acceptAttribute,
  EDITOR_IMAGE_UPLOAD,
  isAcceptedFile,
  POST_IMAGE_UPLOAD,
  PROFILE_PHOTO_UPLOAD,
} from "./uploads";

describe("uploads", () => {
  it("offers each picker its MIME types", () => {
    expect(acceptAttribute(POST_IMAGE_UPLOAD)).toBe("image/png,image/jpeg,image/webp");
    expect(acceptAttribute(ADVERT_IMAGE_UPLOAD)).toBe("image/jpeg,image/jpg,image/png,image/gif,image/webp");
    expect(acceptAttribute(PROFILE_PHOTO_UPLOAD)).toBe("image/jpeg,image/png");
    expect(acceptAttribute(EDITOR_IMAGE_UPLOAD)).toBe("image/png,image/jpeg,image/webp,image/gif");
  });

  it("takes a profile photo by its MIME type, image/jpg as JPEG", () => {
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "image/jpeg", name: "a.gif" })).toBe(true);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "image/jpg", name: "a" })).toBe(true);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "image/png", name: "a" })).toBe(true);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "image/webp", name: "a.png" })).toBe(false);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "image/gif", name: "a.jpg" })).toBe(false);
  });

  it("judges by the file name's extension when the browser gives no type", () => {
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "", name: "me.JPG" })).toBe(true);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "", name: "me.jpeg" })).toBe(true);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "", name: "me.png" })).toBe(true);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "", name: "me.webp" })).toBe(false);
    expect(isAcceptedFile(PROFILE_PHOTO_UPLOAD, { type: "", name: "png" })).toBe(false);
    expect(isAcceptedFile(ADVERT_IMAGE_UPLOAD, { type: "", name: "ad.gif" })).toBe(true);
  });

  it("keeps each upload's formats", () => {
    expect(POST_IMAGE_UPLOAD.formats).toEqual(["png", "jpeg", "webp"]);
    expect(ADVERT_IMAGE_UPLOAD.formats).toEqual(["jpeg", "png", "gif", "webp"]);
    expect(PROFILE_PHOTO_UPLOAD.formats).toEqual(["jpeg", "png"]);
  });
});
