import { NEWSLETTER_MESSAGES, newslettersApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { viewerIsStaff } from "../../middleware/session";

/** /api/newsletters and its delivery settings: Admin → Newsletters (docs/product/newsletters.md). */
export function newslettersRoutes(services: Services) {
  const { newsletters } = services;
  // The settings first: "/api/newsletters/settings" is not a newsletter's id.
  return apiRouter()
    .openapi(routeOf(newslettersApi.getDeliverySettings), async (c) =>
      c.json(await newsletters.getDeliverySettings(), 200),
    )
    .openapi(routeOf(newslettersApi.updateDeliverySettings), async (c) =>
      c.json(await newsletters.updateDeliverySettings(c.req.valid("json")), 200),
    )
    .openapi(routeOf(newslettersApi.list), async (c) =>
      c.json({ items: await newsletters.listNewsletters(await viewerIsStaff(c)) }, 200),
    )
    .openapi(routeOf(newslettersApi.create), async (c) =>
      c.json(await newsletters.createNewsletter(c.req.valid("json")), 201),
    )
    .openapi(routeOf(newslettersApi.update), async (c) =>
      c.json(await newsletters.updateNewsletter(c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(routeOf(newslettersApi.archive), async (c) => {
      await newsletters.archiveNewsletter(c.req.valid("param").id);
      return c.json({ message: NEWSLETTER_MESSAGES.newsletterArchived }, 200);
    });
}
