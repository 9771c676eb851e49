export { createFeedsService, type FeedsService } from "./feeds.service";
export { createHomeService, type HomeService } from "./home.service";
