import { ACCOUNT_MESSAGES, usersApi } from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import { toPublicUser } from "../../../accounts";
import { forbidden } from "../../../errors";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import type { AppEnv } from "../../app-env";
import { clientKey } from "../../client-ip";
import { clearSessionCookie, sessionUser, setSessionCookie, viewerIsStaff } from "../../middleware/session";

/** /api/users/*: docs/product.md#7-api "Users", path for path. */
export function usersRoutes(services: Services) {
  const logout = async (c: Context<AppEnv>) => {
    const token = c.get("sessionToken");
    if (token) await services.sessions.endSession(token);
    clearSessionCookie(c);
    return c.json({ message: ACCOUNT_MESSAGES.loggedOut }, 200);
  };
  // Counted before the body is read, so malformed attempts use up the allowance too.
  const countRegistration: MiddlewareHandler<AppEnv> = async (c, next) => {
    await services.auth.countRegistrationAttempt(clientKey(c));
    await next();
  };
  // The API's logout is also a GET: refused when another site (a link, an <img>) makes the browser send it.
  const refuseSubresourceOrCrossSite: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (isSubresourceOrCrossSite(c)) throw forbidden(ACCOUNT_MESSAGES.crossSiteRefused);
    await next();
  };

  return apiRouter()
    .openapi(routeOf(usersApi.register, { before: [countRegistration] }), async (c) => {
      const { user, session } = await services.auth.register(c.req.valid("json"), clientKey(c));
      setSessionCookie(c, session);
      return c.json(toPublicUser(user), 201);
    })
    .openapi(routeOf(usersApi.login), async (c) => {
      const { user, session } = await services.auth.login(c.req.valid("json"), clientKey(c));
      setSessionCookie(c, session);
      return c.json(toPublicUser(user), 200);
    })
    .openapi(routeOf(usersApi.logout, { before: [refuseSubresourceOrCrossSite] }), logout)
    .openapi(routeOf(usersApi.logoutForm), logout)
    .openapi(routeOf(usersApi.loginStatus), (c) => c.json(c.get("user") !== null, 200))
    .openapi(routeOf(usersApi.getUser), (c) => c.json(toPublicUser(sessionUser(c)), 200))
    .openapi(routeOf(usersApi.viewerState), async (c) => {
      c.header("Cache-Control", "private, no-store");
      const user = c.get("user");
      if (!user) return c.json({ user: null, liked: [], saved: [], votes: {} }, 200);
      const state = await services.readerMarks(user.id, c.req.valid("query"));
      return c.json({ user: toPublicUser(user), ...state }, 200);
    })
    .openapi(routeOf(usersApi.listUsers), async (c) =>
      c.json(await services.users.listUsers(c.req.valid("query")), 200),
    )
    .openapi(routeOf(usersApi.updateRole), async (c) => {
      const input = c.req.valid("json");
      return c.json(toPublicUser(await services.users.updateRole(input.id, input.role)), 200);
    })
    .openapi(routeOf(usersApi.updateProfile), async (c) =>
      c.json(toPublicUser(await services.users.updateProfile(sessionUser(c), c.req.valid("json"))), 200),
    )
    .openapi(routeOf(usersApi.updatePhoto), async (c) =>
      c.json(toPublicUser(await services.users.updatePhoto(sessionUser(c).id, c.req.valid("json").photo)), 200),
    )
    .openapi(routeOf(usersApi.changePassword), async (c) => {
      await services.auth.changePassword(sessionUser(c), c.get("sessionToken") ?? "", c.req.valid("json"));
      return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
    })
    .openapi(routeOf(usersApi.forgotPassword), async (c) => {
      await services.auth.forgotPassword(c.req.valid("json").email, clientKey(c));
      return c.json({ message: ACCOUNT_MESSAGES.resetMailSent }, 200);
    })
    .openapi(routeOf(usersApi.resetPassword), async (c) => {
      const user = await services.auth.resetPassword(c.req.valid("param").token, c.req.valid("json").password);
      c.set("auditSubject", user);
      clearSessionCookie(c);
      return c.json({ message: ACCOUNT_MESSAGES.passwordReset }, 200);
    })
    .openapi(routeOf(usersApi.addToWishlist), async (c) => {
      await services.readLater.addToReadLater(sessionUser(c).id, c.req.valid("json").postId, await viewerIsStaff(c));
      return c.json({ message: ACCOUNT_MESSAGES.addedToReadLater }, 200);
    })
    .openapi(routeOf(usersApi.getWishlist), async (c) =>
      c.json({ wishlist: await services.readLater.listReadLater(sessionUser(c).id, await viewerIsStaff(c)) }, 200),
    )
    .openapi(routeOf(usersApi.removeFromWishlist), async (c) => {
      await services.readLater.removeFromReadLater(sessionUser(c).id, c.req.valid("param").id);
      return c.json({ message: ACCOUNT_MESSAGES.removedFromReadLater }, 200);
    });
}

/** A cross-site request, or one the browser makes for an image, script or frame rather than for a page or fetch. */
function isSubresourceOrCrossSite(c: Context<AppEnv>): boolean {
  const site = c.req.header("sec-fetch-site");
  const destination = c.req.header("sec-fetch-dest");
  return site === "cross-site" || (destination !== undefined && destination !== "empty" && destination !== "document");
}
