export { element, FEED_FORMATS, FEED_RENDERERS, type FeedFormat, XML_DECLARATION } from "./feed-documents";
export { createPublisherLogoService } from "./publisher-logo.service";
export {
  categoryPath,
  createSyndicationService,
  type FeedChannel,
  type NewsSitemapItem,
  postPath,
  type SitemapFile,
  type SitemapUrl,
  typePath,
} from "./syndication.service";
