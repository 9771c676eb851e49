/*
 * What the server serves for crawlers and feed readers and the pages point at: the feeds
 * every page advertises, and the publisher logo of structured data.
 */

/** The feeds of a page at `folder` ("" for the whole site, "/category/x" for one category), by format. */
export const FEED_LINKS = [
  { file: "rss.xml", type: "application/rss+xml", format: "RSS" },
  { file: "atom.xml", type: "application/atom+xml", format: "Atom" },
  { file: "feed.json", type: "application/feed+json", format: "JSON Feed" },
] as const;

/**
 * The site's logo as a PNG of one fixed size (the logo fitted inside, centred on a
 * transparent square): search engines ask for a raster logo whose size they are told.
 */
export const PUBLISHER_LOGO = { path: "/publisher-logo.png", width: 512, height: 512 } as const;
