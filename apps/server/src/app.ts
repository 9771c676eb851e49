import type { PageLoadContext, SiteSettings } from "@broadsheet/domain";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { AppEnv } from "./http/app-env";
import { handleApiNotFound, handleError } from "./http/middleware/error-handler";
import { INTERNAL_REQUEST_HEADER, requestContext } from "./http/middleware/request-context";
import { securityHeaders } from "./http/middleware/security-headers";
import type { PageRenderer } from "./http/pages";
import { healthRoutes } from "./http/routes/health.routes";
import type { Logger } from "./logger";
import { createServices } from "./services";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The React Router app; without it only /api is served (API tests). */
  pages?: { render: PageRenderer; clientDir?: string };
}

// Headers of the page request that the in-process API call must see as well.
const FORWARDED_HEADERS = ["cookie", "user-agent", "accept-language"];

export function createApp(deps: AppDeps) {
  const { config, database, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use(requestContext(logger));
  app.use(securityHeaders({ development: config.env === "development" }));
  app.use(compress());
  app.onError(handleError);

  const services = createServices({ config, database, logger });
  const api = new Hono<AppEnv>();
  api.route("/health", healthRoutes(services.health));
  api.all("*", handleApiNotFound);
  app.route("/api", api);

  const pages = deps.pages;
  if (pages) {
    if (pages.clientDir) {
      app.use(
        "/assets/*",
        serveStatic({
          root: pages.clientDir,
          onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
        }),
      );
      app.use("*", serveStatic({ root: pages.clientDir }));
    }
    const site = siteSettings(config);
    app.all("*", (c) => pages.render(c.req.raw, pageLoadContext(app, c, site)));
  }

  return app;
}

export type App = ReturnType<typeof createApp>;

function siteSettings(config: Config): SiteSettings {
  return {
    name: "Broadsheet",
    publicUrl: config.publicUrl,
    contactEmail: config.site.contactEmail,
    contactPhone: config.site.contactPhone,
    shopUrl: config.site.shopUrl,
  };
}

function pageLoadContext(app: Hono<AppEnv>, c: Context<AppEnv>, site: SiteSettings): PageLoadContext {
  return {
    site,
    nonce: c.get("secureHeadersNonce") ?? "",
    async api(path, init = {}) {
      const headers = new Headers(init.headers);
      for (const name of FORWARDED_HEADERS) {
        const value = c.req.header(name);
        if (value && !headers.has(name)) headers.set(name, value);
      }
      headers.set(INTERNAL_REQUEST_HEADER, "1");
      headers.set("x-request-id", c.get("requestId"));
      // Same bindings as the page request, so the API sees the reader's connection.
      return app.request(path, { ...init, headers }, c.env);
    },
  };
}
