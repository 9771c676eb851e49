export { imageSizesOf } from "./image-sizes";
export { createMediaService, firstMissingMedia, type ImageFormat, loadSharp, type MediaService } from "./media.service";
