import { IMAGE_WIDTHS } from "./limits";
import { storedImageKey } from "./media-paths";

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * src/srcset/sizes for an image: this site's uploads come at several widths
 * (`/media/{key}.webp?w=640`); other URLs are used as they are.
 */
export function responsiveImage(url: string, sizes: string, defaultWidth = 640): ResponsiveImage {
  if (storedImageKey(url) === null) return { src: url };
  return {
    src: `${url}?w=${defaultWidth}`,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(", "),
    sizes,
  };
}
