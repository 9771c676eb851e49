export { element, FEED_FORMATS, FEED_RENDERERS, type FeedFormat, XML_DECLARATION } from "./feed-documents";
export { createPublisherLogoService } from "./publisher-logo.service";
export {
  createSyndicationService,
  type FeedChannel,
  type NewsSitemapItem,
  type SitemapFile,
  type SitemapUrl,
} from "./syndication.service";
