import { MEDIA_MESSAGES, type PageLoadContext, type SiteSettings, UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { allowedMethodsOf, allowOnRefusedForm, methodFallback, refuseOtherPageMethods } from "./http/allowed-methods";
import { apiRouter } from "./http/api-routes";
import type { AppEnv, PageRequest } from "./http/app-env";
import { limitBody, limitOrdinaryBody } from "./http/body";
import { createRequestOriginReader } from "./http/client-address";
import { compression } from "./http/middleware/compression";
import { conditionalRequests } from "./http/middleware/conditional-requests";
import { entityTags } from "./http/middleware/entity-tags";
import { handleError } from "./http/middleware/error-handler";
import { isPublicPage, publicPageCache } from "./http/middleware/page-cache";
import { redirectOldAddresses } from "./http/middleware/redirects";
import { requestContext } from "./http/middleware/request-context";
import { sameOrigin } from "./http/middleware/same-origin";
import { securityHeaders } from "./http/middleware/security-headers";
import { type RequestSession, resolveRequestSession, sessionMiddleware } from "./http/middleware/session";
import { refuseUnstorableUrls } from "./http/middleware/unstorable-input";
import type { PageRenderer } from "./http/pages";
import { authorsRoutes } from "./http/routes/accounts/authors.routes";
import { invitationsRoutes } from "./http/routes/accounts/invitations.routes";
import { twoFactorRoutes } from "./http/routes/accounts/two-factor.routes";
import { usersRoutes } from "./http/routes/accounts/users.routes";
import { advertsRoutes } from "./http/routes/adverts.routes";
import { docsRoutes } from "./http/routes/docs.routes";
import { engagementRoutes } from "./http/routes/engagement/engagement.routes";
import { moderationRoutes } from "./http/routes/engagement/moderation.routes";
import { sharesRoutes } from "./http/routes/engagement/shares.routes";
import { homeRoutes } from "./http/routes/home.routes";
import { allowCrossOriginEmbedding, mediaApiRoutes, mediaFileRoutes } from "./http/routes/media.routes";
import { newsletterMailRoutes, newsletterTrackingRoutes } from "./http/routes/newsletters/mail.routes";
import { newslettersRoutes } from "./http/routes/newsletters/newsletters.routes";
import { sendsRoutes } from "./http/routes/newsletters/sends.routes";
import { oneClickUnsubscribeRoutes, subscribersRoutes } from "./http/routes/newsletters/subscribers.routes";
import { adminRoutes } from "./http/routes/newsroom/admin.routes";
import { auditRoutes } from "./http/routes/newsroom/audit.routes";
import { exportsRoutes } from "./http/routes/newsroom/exports.routes";
import { healthRoutes } from "./http/routes/newsroom/health.routes";
import { importsRoutes } from "./http/routes/newsroom/imports.routes";
import { settingsRoutes } from "./http/routes/newsroom/settings.routes";
import { pagesRoutes } from "./http/routes/pages.routes";
import { pollsRoutes } from "./http/routes/polls.routes";
import { feedsRoutes } from "./http/routes/posts/feeds.routes";
import { postEditingRoutes } from "./http/routes/posts/post-editing.routes";
import { postsRoutes } from "./http/routes/posts/posts.routes";
import { previewsRoutes } from "./http/routes/posts/previews.routes";
import { revisionsRoutes } from "./http/routes/posts/revisions.routes";
import { tagRoutes } from "./http/routes/posts/tags.routes";
import { categoryRoutes, typeRoutes } from "./http/routes/posts/taxonomy.routes";
import { redirectsRoutes } from "./http/routes/redirects.routes";
import { syndicationRoutes } from "./http/routes/syndication.routes";
import { webAppRoutes } from "./http/routes/web-app.routes";
import type { Logger } from "./logger";
import { createPageRenderSlots, pageRendersPerProcess } from "./page-renders";
import { createServices, type Services } from "./services";
import { servingProcesses } from "./workers";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The React Router app; without it only /api is served (API tests). */
  pages?: { render: PageRenderer; clientDir?: string };
}

const UPLOAD_FORM_PATHS = new Set(["/profile", "/admin/redirects"]);
const limitProfileForm = limitBody(UPLOAD_MAX_BYTES + 64 * 1024, MEDIA_MESSAGES.tooManyBytes);

/**
 * The page request as the reader made it: behind a proxy the socket saw http://127.0.0.1,
 * but React Router must see the public origin, or its action origin check refuses every form.
 */
function publicRequest(c: Context<AppEnv>): Request {
  const request = c.req.raw;
  const url = new URL(request.url);
  const origin = c.get("publicOrigin");
  if (url.origin === origin) return request;
  return new Request(`${origin}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

// Headers of the page request that the in-process API call must see as well.
const FORWARDED_HEADERS = ["cookie", "user-agent", "accept-language"];

export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  const app = new Hono<AppEnv>();

  const services = createServices({ config, database, logger, servingProcesses: servingProcesses(config) });

  app.use(requestContext(logger, createRequestOriginReader(config)));
  app.use(refuseUnstorableUrls);
  // Outermost of the three: a 304 is decided on the validators the answer leaves with.
  app.use(conditionalRequests());
  // Outside the page cache, so the cache keeps uncompressed pages (it serves its own gzip).
  app.use(compression());
  // Validators for answers the page cache did not tag, from their uncompressed bodies.
  app.use(entityTags());
  // Old addresses leave before the page cache: a redirect hides whatever page was there.
  app.use(redirectOldAddresses(services.redirects));
  // Outside securityHeaders, so a cached page keeps the CSP it was rendered with (its inline scripts' hashes).
  app.use(publicPageCache(services.publicPages, services.sessions));
  // Registered before securityHeaders so its cross-origin CORP is set last and wins.
  app.use("/media/*", allowCrossOriginEmbedding());
  app.use(securityHeaders({ development: config.env === "development" }));
  app.onError(handleError);

  const api = createApiRoutes(services);
  app.route("/", api);
  app.route("/media", mediaFileRoutes(services));
  app.route("/", syndicationRoutes(services, config));
  app.route("/", oneClickUnsubscribeRoutes(services));
  app.route("/", webAppRoutes(services.settings));
  app.route("/", newsletterTrackingRoutes(services));

  const pages = deps.pages;
  if (pages) {
    if (pages.clientDir) {
      app.use(
        "/assets/*",
        serveStatic({
          root: pages.clientDir,
          // The build writes .br and .gz copies of each asset (apps/web/scripts/precompress.mjs).
          precompressed: true,
          onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
        }),
      );
      app.use("*", serveStatic({ root: pages.clientDir }));
    }
    const renderPage = createPageRenderSlots({
      concurrency: pageRendersPerProcess(servingProcesses(config), config.pageRenders),
      budgetMs: config.pageRenderBudgetMs,
    });
    // A page GET past its budget answers 503 (or, from the page cache, a stale copy), never waits on.
    const budgeted = (c: Context<AppEnv>) => c.req.method === "GET" || c.req.method === "HEAD";
    app.all("*", async (c) => {
      const refused = refuseOtherPageMethods(c);
      if (refused) return refused;
      if (c.get("readerShell")) {
        const shell = await renderPage(
          async () =>
            pages.render(publicRequest(c), pageLoadContext(app, c, await siteOf(services, config), NO_SESSION, true)),
          budgeted(c),
        );
        // A failed or overdue render says nothing of the page: the page cache answers a stale copy or it.
        if (isPublicPage(shell) || shell.status >= 500) return shell;
        // Not a page every reader shares: this reader's own, now and from now on.
        services.publicPages.personalPaths.add(c.req.path);
        c.set("readerShell", false);
      }
      const session = await resolveRequestSession(c, services.sessions);
      // The profile form carries a photo and Admin → Redirects a CSV: a logged-in user may send an upload's worth, nobody else more than 1 MB.
      const limit = session.user && UPLOAD_FORM_PATHS.has(c.req.path) ? limitProfileForm : limitOrdinaryBody;
      const render = () =>
        renderPage(
          async () => pages.render(publicRequest(c), pageLoadContext(app, c, await siteOf(services, config), session)),
          budgeted(c),
        );
      if (c.req.method === "GET" || c.req.method === "HEAD") return render();
      let response: Response | undefined;
      await limit(c, async () => {
        response = await render();
      });
      return allowOnRefusedForm(response ?? c.res);
    });
  }

  return Object.assign(app, { services });
}

export type App = ReturnType<typeof createApp>;

/**
 * Every /api route, in matching order; the OpenAPI document is generated from the same
 * router (tests build it without a database to read the document).
 */
export function createApiRoutes(services: Services) {
  const api = apiRouter();
  api.use("/api/*", async (c, next) => {
    c.set("audit", services.audit);
    c.set("idempotency", services.idempotency);
    c.set("twoFactorRequired", async () => (await services.settings.getSettings()).requireTwoFactor === true);
    await next();
  });
  api.use("/api/*", sameOrigin());
  api.use("/api/*", sessionMiddleware(services.sessions));
  api.route("/", healthRoutes(services.health));
  api.route("/", authorsRoutes(services.authors));
  api.route("/", twoFactorRoutes(services));
  api.route("/", moderationRoutes(services));
  api.route("/", usersRoutes(services));
  api.route("/", invitationsRoutes(services));
  api.route("/", adminRoutes(services));
  api.route("/", homeRoutes(services.home));
  // Before postsRoutes, so /posts/icymi, /posts/hot, … are not taken for a post id.
  api.route("/", feedsRoutes(services));
  api.route("/", engagementRoutes(services));
  api.route("/", previewsRoutes(services.posts));
  api.route("/", revisionsRoutes(services.revisions));
  api.route("/", postEditingRoutes(services));
  api.route("/", postsRoutes(services));
  api.route("/", sharesRoutes(services));
  api.route("/", mediaApiRoutes(services));
  api.route("/", categoryRoutes(services));
  api.route("/", typeRoutes(services));
  api.route("/", tagRoutes(services));
  api.route("/", pagesRoutes(services));
  api.route("/", pollsRoutes(services));
  api.route("/", advertsRoutes(services));
  api.route("/", redirectsRoutes(services));
  api.route("/", subscribersRoutes(services));
  api.route("/", newslettersRoutes(services));
  api.route("/", settingsRoutes(services.settings));
  api.route("/", auditRoutes(services.audit));
  api.route("/", exportsRoutes(services.siteExport));
  api.route("/", importsRoutes(services.imports));
  api.route("/", newsletterMailRoutes(services));
  api.route("/", sendsRoutes(services));
  api.route("/", docsRoutes(api));
  const fallback = methodFallback(allowedMethodsOf(api.routes));
  api.all("/api", fallback);
  api.all("/api/*", fallback);
  return api;
}

/** What every page shows of the site: its settings (from the read cache) and public address. */
async function siteOf(services: Services, config: Config): Promise<SiteSettings> {
  return { ...(await services.settings.getSettings()), publicUrl: config.publicUrl };
}

const NO_SESSION: RequestSession = { token: null, user: null };

/** `readerShell`: the page every logged-in reader shares, rendered with the API called as nobody. */
function pageLoadContext(
  app: Hono<AppEnv>,
  c: Context<AppEnv>,
  site: SiteSettings,
  session: RequestSession,
  readerShell = false,
): PageLoadContext {
  const pageRequest: PageRequest = {
    session,
    origin: { clientAddress: c.get("clientAddress"), publicOrigin: c.get("publicOrigin") },
    requestId: c.get("requestId"),
  };
  return {
    site,
    readerShell,
    // A `.data` request is a client navigation or a revalidation: the browser may render any part itself.
    serverParts: c.req.path.endsWith(".data") ? undefined : new Map(),
    async api(path, init = {}) {
      const headers = new Headers(init.headers);
      for (const name of FORWARDED_HEADERS) {
        if (readerShell && name === "cookie") continue;
        const value = c.req.header(name);
        if (value && !headers.has(name)) headers.set(name, value);
      }
      // Same bindings as the page request, so the API sees the reader's connection and address.
      return app.request(path, { ...init, headers }, { ...c.env, pageRequest });
    },
  };
}
