import {
  MEDIA_PATH_PREFIX,
  READER_SHELL_COOKIE,
  SCRIPTS_OFF_PATH,
  type Settings,
  safeRedirect,
  THEME_COLOR,
} from "@broadsheet/domain";
import { Hono } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AppEnv } from "../app-env";

/*
 * What makes the site installable (issue 14): the web app manifest, and the service worker's
 * headers (the worker itself is apps/web/public/sw.js, served from the build). And the way
 * back from the shared reader page for a browser that stopped running scripts (SCRIPTS_OFF_PATH).
 */

const DEFAULT_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** The site's own icon (an upload, resized on request), or the default ones. */
function manifestIcons(icon: string) {
  if (!icon.startsWith(MEDIA_PATH_PREFIX)) return DEFAULT_ICONS;
  return [192, 512].map((size) => ({ src: `${icon}?w=${size}`, sizes: `${size}x${size}`, purpose: "any" }));
}

function manifestOf(site: Settings): string {
  return JSON.stringify({
    name: site.siteName,
    short_name: site.siteName.slice(0, 12),
    description: site.tagline,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: manifestIcons(site.icon),
    shortcuts: [{ name: "My Read Later", url: "/readLater" }],
  });
}

export function webAppRoutes(settings: { getSettings(): Promise<Settings> }) {
  return new Hono<AppEnv>()
    .get("/manifest.webmanifest", async (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(manifestOf(await settings.getSettings()), 200, {
        "Content-Type": "application/manifest+json; charset=utf-8",
      });
    })
    .get(SCRIPTS_OFF_PATH, (c) => {
      deleteCookie(c, READER_SHELL_COOKIE, { path: "/" });
      c.header("Cache-Control", "no-store");
      const to = safeRedirect(c.req.query("to"));
      // Percent-encoded as a URL's path and query: a header carries no other characters.
      const back = to ? new URL(to, "http://localhost") : null;
      return c.redirect(back ? `${back.pathname}${back.search}` : "/", 303);
    })
    .use("/sw.js", async (c, next) => {
      await next();
      // Always checked for a new version; scoped to the whole site.
      c.header("Cache-Control", "no-cache");
      c.header("Service-Worker-Allowed", "/");
    });
}
