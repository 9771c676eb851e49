import { SUBSCRIBER_MESSAGES, subscribersApi } from "@broadsheet/domain";
import { Hono } from "hono";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import type { AppEnv } from "../../app-env";
import { clientKey } from "../../client-ip";
import { readCsvBody } from "../../csv-body";
import { sessionUser } from "../../middleware/session";

/** /api/newsletters/subscribe, confirm, manage, unsubscribe, mine and /api/newsletters/subscribers/* (docs/product/subscribers.md). */
export function subscribersRoutes(services: Services) {
  const { subscribing, subscribers } = services;
  return (
    apiRouter()
      .openapi(routeOf(subscribersApi.subscribe), async (c) => {
        const { email, newsletters, form } = c.req.valid("json");
        const answer = await subscribing.subscribe(
          { email, newsletters },
          { reader: c.get("user"), ip: c.get("clientAddress"), client: clientKey(c), form: form ?? "api" },
        );
        return c.json(answer, 202);
      })
      .openapi(routeOf(subscribersApi.confirm), async (c) =>
        c.json(await subscribing.confirm(c.req.valid("param").token), 200),
      )
      .openapi(routeOf(subscribersApi.manage), async (c) =>
        c.json(await subscribing.manage(c.req.valid("param").token), 200),
      )
      .openapi(routeOf(subscribersApi.updateManaged), async (c) =>
        c.json(await subscribing.setChoices(c.req.valid("param").token, c.req.valid("json").newsletters), 200),
      )
      .openapi(routeOf(subscribersApi.unsubscribe), async (c) =>
        c.json(await subscribing.unsubscribe(c.req.valid("param").token, c.req.valid("query").send || undefined), 200),
      )
      .openapi(routeOf(subscribersApi.mine), async (c) => c.json(await subscribing.mine(sessionUser(c)), 200))
      .openapi(routeOf(subscribersApi.updateMine), async (c) =>
        c.json(
          await subscribing.updateMine(sessionUser(c), c.req.valid("json").newsletters, c.get("clientAddress")),
          200,
        ),
      )
      // Before /subscribers/{id}: counts, growth, import and export are not ids.
      .openapi(routeOf(subscribersApi.counts), async (c) => c.json(await subscribers.counts(), 200))
      .openapi(routeOf(subscribersApi.growth), async (c) => c.json(await subscribers.growth(), 200))
      .openapi(routeOf(subscribersApi.importCsv), async (c) => {
        const { text, option } = await readCsvBody(c, SUBSCRIBER_MESSAGES, "confirm");
        const report = await subscribers.importCsv(text, { staffName: sessionUser(c).name, confirm: option === "1" });
        return c.json(report, 200);
      })
      .openapi(routeOf(subscribersApi.exportCsv), async (c) => {
        c.header("Content-Disposition", 'attachment; filename="subscribers.csv"');
        c.header("Cache-Control", "no-store");
        return c.body(await subscribers.exportCsv(), 200, { "Content-Type": "text/csv; charset=utf-8" });
      })
      .openapi(routeOf(subscribersApi.list), async (c) => c.json(await subscribers.list(c.req.valid("query")), 200))
      .openapi(routeOf(subscribersApi.remove), async (c) => {
        await subscribers.remove(c.req.valid("param").id);
        return c.json({ message: SUBSCRIBER_MESSAGES.subscriberDeleted }, 200);
      })
  );
}

/** A form body saying `List-Unsubscribe=One-Click`; read from a copy, so the page can still read a body that is not. */
async function isOneClick(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  try {
    return (await request.clone().formData()).get("List-Unsubscribe") === "One-Click";
  } catch {
    // A malformed form is no one-click request: the page answers it.
    return false;
  }
}

/**
 * POST /newsletters/unsubscribe/{token} with `List-Unsubscribe=One-Click` (RFC 8058): a mail
 * client's one-click unsubscribe, answered here in a short text, without a page, cookies or a
 * CSRF check (the token is the proof). Any other POST there is the page's own form: it goes on
 * to the page.
 */
export function oneClickUnsubscribeRoutes(services: Services) {
  return new Hono<AppEnv>().post("/newsletters/unsubscribe/:token", async (c, next) => {
    if (!(await isOneClick(c.req.raw))) return next();
    await services.subscribing.unsubscribe(c.req.param("token"), c.req.query("send") || undefined);
    c.header("Cache-Control", "no-store");
    return c.text(SUBSCRIBER_MESSAGES.oneClickUnsubscribed, 200);
  });
}
