import { THEME_COLOR } from "@broadsheet/domain";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";

/*
 * What makes the site installable (issue 14): the web app manifest, and the service worker's
 * headers (the worker itself is apps/web/public/sw.js, served from the build).
 */

export function webAppRoutes(site: { name: string; description: string }) {
  const manifest = JSON.stringify({
    name: site.name,
    short_name: site.name,
    description: site.description,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [{ name: "My Read Later", url: "/readLater" }],
  });
  return new Hono<AppEnv>()
    .get("/manifest.webmanifest", (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(manifest, 200, { "Content-Type": "application/manifest+json; charset=utf-8" });
    })
    .use("/sw.js", async (c, next) => {
      await next();
      // Always checked for a new version; scoped to the whole site.
      c.header("Cache-Control", "no-cache");
      c.header("Service-Worker-Allowed", "/");
    });
}
