import { IMAGE_WIDTHS } from "./limits";

const MEDIA_URL = /^\/media\/[a-f0-9]{64}\.webp$/;

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
  if (!MEDIA_URL.test(url)) return { src: url };
  return {
    src: `${url}?w=${defaultWidth}`,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(", "),
    sizes,
  };
}
