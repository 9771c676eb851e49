export { imageSizesOf } from "./image-sizes";
export { createMediaService, firstMissingMedia, loadSharp, type MediaService } from "./media.service";
export { createMediaLibraryService, type MediaLibraryService } from "./media-library.service";
