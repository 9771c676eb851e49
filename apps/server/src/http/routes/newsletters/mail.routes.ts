import { SEND_MESSAGES, sendsApi } from "@broadsheet/domain";
import { Hono } from "hono";
import { RATE_LIMITS } from "../../../rate-limits";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import type { AppEnv } from "../../app-env";
import { sessionUser } from "../../middleware/session";

/*
 * A story's newsletter mail before it goes out (issue 42): the preview the editor shows and the
 * test mailed to the staff member asking. The mail writer is the newsletters area's.
 */

/*
 * The preview is a mail's HTML shown on the site's own origin: it may show images and its inline
 * styles, and nothing else; no script runs, no form posts, nothing frames it but the admin.
 */
const PREVIEW_POLICY =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export function newsletterMailRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(sendsApi.preview), async (c) => {
      const { postId, newsletter, format = "html" } = c.req.valid("query");
      const body = await services.newsletterMail.preview(postId, newsletter, format);
      c.header("Cache-Control", "private, no-store");
      c.header("Content-Security-Policy", PREVIEW_POLICY);
      c.header("X-Robots-Tag", "noindex");
      if (format === "text") return c.body(body, 200, { "Content-Type": "text/plain; charset=utf-8" }) as never;
      return c.html(body, 200);
    })
    .openapi(routeOf(sendsApi.test), async (c) => {
      const user = sessionUser(c);
      await services.rateLimiter.consume(RATE_LIMITS.newsletterTestsPerUser, user.id);
      const { postId, newsletter } = c.req.valid("json");
      await services.newsletterMail.sendTest(postId, newsletter, { email: user.email, name: user.name });
      return c.json({ message: SEND_MESSAGES.testSent.replace("%s", user.email) }, 202);
    });
}

/**
 * Tracking's two addresses (only in mails of a send an admin tracked): a click counts and goes
 * to the link's stored address; the open pixel counts and answers a transparent 1×1 GIF.
 */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const OPEN_FILE = /^([0-9a-fA-F-]{36})\.gif$/;

export function newsletterTrackingRoutes(services: Services) {
  return new Hono<AppEnv>()
    .get("/newsletters/click/:sendId/:position", async (c) => {
      c.header("Cache-Control", "no-store");
      const url = await services.newsletterTracking.click(c.req.param("sendId"), c.req.param("position"));
      if (!url) return c.text("This link is not valid.", 404);
      c.header("Referrer-Policy", "no-referrer");
      return c.redirect(url, 302);
    })
    .get("/newsletters/open/:file", async (c) => {
      c.header("Cache-Control", "no-store");
      const sendId = OPEN_FILE.exec(c.req.param("file"))?.[1];
      if (!sendId) return c.text("Not found", 404);
      await services.newsletterTracking.open(sendId);
      return c.body(new Uint8Array(PIXEL), 200, { "Content-Type": "image/gif" });
    });
}
