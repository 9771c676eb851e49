import path from "node:path";
import { UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import {
  createAuthorsService,
  createAuthService,
  createInvitationsService,
  createPasswordResetService,
  createSessionsService,
  createTwoFactorService,
  createUsersService,
  createVisitorIds,
} from "./accounts";
import { createAdvertsService } from "./adverts";
import { type Caches, createPublicPagesService, userTag } from "./caching";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import {
  createEngagementService,
  createModerationService,
  createPostActivity,
  createReadLaterService,
  createSharesService,
  createViewCounter,
  createViewerStateService,
} from "./engagement";
import { createFeedsService, createHomeService } from "./home";
import {
  createJobQueue,
  type JobHandlers,
  PUBLISH_DUE_POSTS,
  RUN_IMPORT,
  SEND_NEWSLETTER_BATCH,
  SEND_PASSWORD_RESET,
  SEND_SUBSCRIBE_CONFIRMATION,
  START_NEWSLETTER_SEND,
  SWEEP_IMPORTS,
  SWEEP_NEWSLETTER_SENDS,
} from "./jobs";
import type { Logger } from "./logger";
import { createMailService } from "./mail";
import { createMediaLibraryService, createMediaService } from "./media";
import {
  createDeliveryEvents,
  createNewsletterMailService,
  createNewsletterMailWriter,
  createNewslettersService,
  createNewsletterTracking,
  createOutboxSender,
  createSendsService,
  createSmtpSender,
  createSubscribersAdminService,
  createSubscribingService,
} from "./newsletters";
import {
  createAnalyticsService,
  createAuditService,
  createHealthService,
  createIdempotencyService,
  createSettingsService,
} from "./newsroom";
import { createPagesService } from "./pages";
import { createPollsService } from "./polls";
import {
  ANY_STAFF,
  createEmbedDetails,
  createPostEditorsService,
  createPostsService,
  createRevisionsService,
  oembedFetcher,
  type RevisionsService,
} from "./posts";
import { createRateLimiter } from "./rate-limits";
import { createRedirectsService } from "./redirects";
import { createSiteExportService } from "./site-export";
import { createImageFetcher, createImportJobs, createSiteImportService } from "./site-import";
import { createPublisherLogoService, createSyndicationService } from "./syndication";
import { createTagsService, createTaxonomyService } from "./taxonomy";

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The serving processes on this machine (workers.ts), which share the read caches' budget; one by default. */
  servingProcesses?: number;
}

/**
 * The composition: every area's services wired once per app; routes receive this and never the
 * database. Business code invalidates through `caches.changed([tags])` only.
 */
export function createServices(deps: ServiceDeps) {
  const { config, database, logger } = deps;
  const db = database.db;
  const rateLimiter = createRateLimiter(
    config.redisUrl
      ? { kind: "redis", url: config.redisUrl }
      : database.kind === "postgres"
        ? { kind: "database", db }
        : { kind: "memory" },
    logger,
  );
  const mail = createMailService(config, logger);
  const views = createViewCounter(db, logger);
  const publicPages = createPublicPagesService(config, logger, deps.servingProcesses);
  const caches: Caches = publicPages;
  const { reads, viewers } = publicPages;
  const sessions = createSessionsService(db, viewers, caches);
  const users = createUsersService(db, { publicUrl: config.publicUrl, caches });
  const shared = { reads, viewerState: createViewerStateService(db, viewers) };
  const feeds = createFeedsService(db, shared);
  const adverts = createAdvertsService(db, caches);
  const polls = createPollsService(db, viewers, caches);
  const jobs = createJobQueue(database, logger);
  const settings = createSettingsService(db, { reads, caches, defaults: config.site });
  const moderation = createModerationService(db, { caches, settings });
  const siteName = async () => (await settings.getSettings()).siteName;
  const redirects = createRedirectsService(db, { caches, onForget: publicPages.onForget });
  const newsletters = createNewslettersService(db, {
    reads,
    caches,
    siteName,
  });
  const twoFactor = createTwoFactorService(db, {
    issuer: siteName,
    forgetUser: (userId) => caches.changed([userTag(userId)]),
  });
  // Each needs the other: a save records a revision, a restore answers the post.
  const revisions: RevisionsService = createRevisionsService(db, {
    caches,
    getPost: (id) => posts.getPost(id, ANY_STAFF),
  });
  const media = createMediaService(db);
  const embedDetails = createEmbedDetails({
    fetchOembed: oembedFetcher({
      timeoutMs: config.embeds.lookupTimeoutMs,
      endpoint: config.embeds.oembedEndpoint,
    }),
    fetchImage: createImageFetcher({
      timeoutMs: config.embeds.lookupTimeoutMs,
      maxBytes: UPLOAD_MAX_BYTES,
      privateAddresses: config.embeds.fetchPrivateAddresses,
    }),
    storeImage: async (bytes) => (await media.uploadImage(bytes, { uploaderId: null })).url,
    deadlineMs: config.embeds.lookupTimeoutMs,
  });
  const posts = createPostsService(db, {
    ...shared,
    embedDetails,
    summaries: publicPages.summaries,
    activity: createPostActivity(db),
    caches,
    jobs,
    redirects,
    revisions: {
      record: (postId, authorId) => revisions.record(postId, authorId),
      recordBaseline: (postId) => revisions.recordBaseline(postId),
    },
  });
  const siteImport = createSiteImportService({
    db,
    caches,
    media,
    databaseKind: database.kind,
    imageFetchPrivateAddresses: config.importFetchPrivateAddresses,
  });
  const imports = createImportJobs(db, {
    siteImport,
    uploadsDir: path.join(config.dataDir, "imports"),
    maxUploadBytes: config.importMaxBytes,
    queueImport: (importId) => jobs.queueImport(importId),
    logger,
    soleProcess: database.kind === "pglite",
    databaseKind: database.kind,
  });
  const newsletterTracking = createNewsletterTracking(db);
  const newsletterMailWriter = createNewsletterMailWriter({
    db,
    settings,
    tracking: newsletterTracking,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
  });
  const passwordReset = createPasswordResetService({
    db,
    users,
    sessions,
    mail,
    jobs,
    publicUrl: config.publicUrl,
    logger,
  });
  const sends = createSendsService({
    db,
    mailWriter: newsletterMailWriter,
    openSender: (delivery) =>
      config.smtpUrl
        ? createSmtpSender({
            smtpUrl: config.smtpUrl,
            connections: delivery.connections,
            perSecond: delivery.messagesPerSecond,
          })
        : createOutboxSender(mail.outboxDir),
    jobs,
    logger,
    mailFrom: config.mailFrom,
    dkim: config.dkim,
    soleProcess: database.kind === "pglite",
  });
  const subscribing = createSubscribingService({
    db,
    mail,
    jobs,
    rateLimiter,
    publicUrl: config.publicUrl,
    siteName,
    logger,
  });
  return {
    health: createHealthService(database),
    analytics: createAnalyticsService(db),
    idempotency: createIdempotencyService(db),
    rateLimiter,
    mail,
    sessions,
    users,
    passwordReset,
    invitations: createInvitationsService({
      db,
      users,
      sessions,
      mail,
      publicUrl: config.publicUrl,
      siteName,
      logger,
    }),
    auth: createAuthService({ users, sessions, passwordReset, rateLimiter, twoFactor }),
    twoFactor,
    readLater: createReadLaterService(db, caches),
    posts,
    revisions,
    postEditors: createPostEditorsService(db),
    jobs,
    /** What each background job does (given to `jobs.start` where this process takes jobs). */
    jobHandlers: {
      // A scheduled post's send starts when the post goes live.
      [PUBLISH_DUE_POSTS]: async () => {
        const published = await posts.publishDuePosts();
        if (published.length > 0) await sends.sweep({ atStart: false });
        return published;
      },
      [SEND_PASSWORD_RESET]: ({ email }) => passwordReset.requestReset(email),
      [SEND_SUBSCRIBE_CONFIRMATION]: (job) => subscribing.requestConfirmation(job),
      [RUN_IMPORT]: ({ importId }) => imports.run(importId),
      [SWEEP_IMPORTS]: (options) => imports.sweep(options),
      [START_NEWSLETTER_SEND]: ({ sendId }) => sends.start(sendId),
      [SEND_NEWSLETTER_BATCH]: ({ sendId, batch }) => sends.runBatch(sendId, batch),
      [SWEEP_NEWSLETTER_SENDS]: (options) => sends.sweep(options),
    } satisfies JobHandlers,
    /** Newsletter sends and their deliveries; the provider's bounce and complaint notices. */
    sends,
    deliveryEvents: createDeliveryEvents({
      db,
      logger,
      secret: config.newsletterEventsSecret,
      snsTopics: config.newsletterSnsTopics,
    }),
    /** Admin → Import: uploaded exports, their import jobs and reports. */
    imports,
    engagement: createEngagementService(db, caches, moderation),
    /** Admin → Comments: the review queue, readers' reports and blocked readers. */
    moderation,
    feeds,
    home: createHomeService(db, { ...shared, feeds, adverts, polls }),
    shares: createSharesService(db),
    views,
    visitorIds: createVisitorIds(config.dataDir),
    publicPages,
    media,
    /** Admin → Media: where each image is used, its alt text and caption, deletion. */
    mediaLibrary: createMediaLibraryService(db),
    publisherLogo: createPublisherLogoService({ settings, media }),
    taxonomy: createTaxonomyService(db, reads, caches),
    tags: createTagsService(db, reads, caches),
    pages: createPagesService(db, { reads, caches, redirects }),
    polls,
    adverts,
    syndication: createSyndicationService(db, reads, { publicUrl: config.publicUrl }),
    authors: createAuthorsService(db, reads),
    audit: createAuditService(db),
    settings,
    redirects,
    /** A story's newsletter mail, rendered once per send and newsletter (the sender's writer). */
    newsletterMailWriter,
    /** The editor's preview and test mail of a story. */
    newsletterMail: createNewsletterMailService({ db, writer: newsletterMailWriter, mail }),
    /** Clicks and opens of tracked sends (off unless an admin turns tracking on). */
    newsletterTracking,
    /** Newsletters: signing up, confirming, managing (readers) and Admin → Subscribers (staff). */
    subscribing,
    subscribers: createSubscribersAdminService({ db, subscribing, siteName }),
    /** Admin → Newsletters: newsletters and their delivery settings. */
    newsletters,
    siteImport,
    siteExport: createSiteExportService(db, {
      publicUrl: config.publicUrl,
      settings,
      snapshot: database.kind === "postgres",
    }),
    /** Where this process's memory goes and where it counts rate limits (GET /api/admin/runtime). */
    runtimeStats() {
      const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
      return {
        pid: process.pid,
        memory: { rss, heapUsed, heapTotal, external, arrayBuffers },
        database: { kind: database.kind, wasmBytes: database.wasmBytes(), threadHeap: database.threadHeap() },
        caches: {
          pages: publicPages.cache.stats(),
          readerPages: publicPages.readerCache.stats(),
          reads: reads.stats(),
          summaries: publicPages.summaries.stats(),
          viewers: publicPages.viewerStats(),
        },
        rateLimits: rateLimiter.status(),
      };
    },
    /** A logged-in reader's own marks on what a cached page shows (GET /api/users/viewer-state). */
    readerMarks: (userId: string, among: { posts: string[]; polls: string[] }) =>
      shared.viewerState.ownState(userId, among, polls.myVote),
    async close() {
      await imports.stop();
      await jobs.stop();
      await views.close();
      await publicPages.close();
      await passwordReset.settled();
      await subscribing.settled();
      await rateLimiter.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
