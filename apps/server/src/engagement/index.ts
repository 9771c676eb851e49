export { utcDay } from "./daily-stats";
export { createEngagementService } from "./engagement.service";
export { createModerationService, type ModerationService } from "./moderation.service";
export { createPostActivity } from "./post-activity";
export { createReadLaterService } from "./read-later.service";
export { createSharesService } from "./shares.service";
export { createViewCounter, MAX_VIEWS_PER_ADDRESS } from "./view-counter";
export { createViewerStateService, type ViewerStateService } from "./viewer-state";
