import { INVITATION_MESSAGES, invitationsApi } from "@broadsheet/domain";
import { toPublicUser } from "../../../accounts";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { sessionUser, setSessionCookie } from "../../middleware/session";

/** /api/users/invitations: docs/product/staff.md "Invitations", path for path. */
export function invitationsRoutes(services: Services) {
  return apiRouter()
    .openapi(routeOf(invitationsApi.create), async (c) =>
      c.json(await services.invitations.invite(c.req.valid("json"), sessionUser(c)), 201),
    )
    .openapi(routeOf(invitationsApi.list), async (c) => c.json(await services.invitations.listPending(), 200))
    .openapi(routeOf(invitationsApi.resend), async (c) =>
      c.json(await services.invitations.resend(c.req.valid("param").id, sessionUser(c)), 200),
    )
    .openapi(routeOf(invitationsApi.revoke), async (c) => {
      await services.invitations.revoke(c.req.valid("param").id);
      return c.json({ message: INVITATION_MESSAGES.revoked }, 200);
    })
    .openapi(routeOf(invitationsApi.accept), async (c) => {
      const { user, session } = await services.invitations.accept(c.req.valid("param").token, c.req.valid("json"));
      c.set("auditSubject", user);
      setSessionCookie(c, session);
      return c.json(toPublicUser(user), 201);
    });
}
