import {
  ACCOUNT_MESSAGES,
  ADMIN_PAGE_SIZE,
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MAX_PAGE_SIZE,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdatePhotoInputSchema,
  UpdateProfileInputSchema,
  UpdateRoleInputSchema,
  WishlistInputSchema,
} from "@broadsheet/domain";
import { type Context, Hono } from "hono";
import { forbidden } from "../../errors";
import type { Services } from "../../services";
import { toPublicUser } from "../../services/users.service";
import type { AppEnv } from "../app-env";
import { readJsonInput } from "../body";
import { clientKey } from "../client-ip";
import { clearSessionCookie, currentAdmin, currentUser, setSessionCookie, viewerIsStaff } from "../middleware/session";
import { pageQuery } from "../query";

/** /api/users/*: SPEC.md §7 "Users", path for path. */
export function usersRoutes(services: Services) {
  const logout = async (c: Context<AppEnv>) => {
    const token = c.get("sessionToken");
    if (token) await services.sessions.endSession(token);
    clearSessionCookie(c);
    return c.json({ message: ACCOUNT_MESSAGES.loggedOut });
  };

  return (
    new Hono<AppEnv>()
      .post("/register", async (c) => {
        await services.auth.countRegistrationAttempt(clientKey(c));
        const input = await readJsonInput(c, RegisterInputSchema);
        const { user, session } = await services.auth.register(input, clientKey(c));
        setSessionCookie(c, session);
        return c.json(toPublicUser(user), 201);
      })
      .post("/login", async (c) => {
        const input = await readJsonInput(c, LoginInputSchema);
        const { user, session } = await services.auth.login(input, clientKey(c));
        setSessionCookie(c, session);
        return c.json(toPublicUser(user));
      })
      // SPEC's logout is a GET: refused when another site (a link, an <img>) makes the browser send it.
      .get("/logout", (c) => {
        if (isSubresourceOrCrossSite(c)) throw forbidden(ACCOUNT_MESSAGES.crossSiteRefused);
        return logout(c);
      })
      .post("/logout", logout)
      .get("/getLoginStatus", (c) => c.json(c.get("user") !== null))
      .get("/getUser", (c) => c.json(toPublicUser(currentUser(c))))
      .get("/getUsers", async (c) => {
        currentAdmin(c);
        const { page, limit } = pageQuery(c, ADMIN_PAGE_SIZE, MAX_PAGE_SIZE);
        const search = (c.req.query("search") ?? "").trim().slice(0, 200);
        return c.json(await services.users.listUsers({ search, page, limit }));
      })
      .patch("/updateRole", async (c) => {
        currentAdmin(c);
        const input = await readJsonInput(c, UpdateRoleInputSchema);
        return c.json(toPublicUser(await services.users.updateRole(input.id, input.role)));
      })
      .patch("/updateUser", async (c) => {
        const user = currentUser(c);
        const input = await readJsonInput(c, UpdateProfileInputSchema);
        return c.json(toPublicUser(await services.users.updateProfile(user.id, input)));
      })
      .patch("/updatePhoto", async (c) => {
        const user = currentUser(c);
        const input = await readJsonInput(c, UpdatePhotoInputSchema);
        return c.json(toPublicUser(await services.users.updatePhoto(user.id, input.photo)));
      })
      .patch("/changePassword", async (c) => {
        const user = currentUser(c);
        const input = await readJsonInput(c, ChangePasswordInputSchema);
        await services.auth.changePassword(user, c.get("sessionToken") ?? "", input.oldPassword, input.password);
        return c.json({ message: ACCOUNT_MESSAGES.passwordChanged });
      })
      .post("/forgotPassword", async (c) => {
        const input = await readJsonInput(c, ForgotPasswordInputSchema);
        await services.auth.forgotPassword(input.email, clientKey(c));
        return c.json({ message: ACCOUNT_MESSAGES.resetMailSent });
      })
      .patch("/resetPassword/:token", async (c) => {
        const input = await readJsonInput(c, ResetPasswordInputSchema);
        await services.passwordReset.resetPassword(c.req.param("token"), input.password);
        clearSessionCookie(c);
        return c.json({ message: ACCOUNT_MESSAGES.passwordReset });
      })
      .post("/addToWishlist", async (c) => {
        const user = currentUser(c);
        const input = await readJsonInput(c, WishlistInputSchema);
        await services.readLater.addToReadLater(user.id, input.postId, viewerIsStaff(c));
        return c.json({ message: ACCOUNT_MESSAGES.addedToReadLater });
      })
      .get("/getWishlist", async (c) => {
        const user = currentUser(c);
        return c.json({ wishlist: await services.readLater.listReadLater(user.id, viewerIsStaff(c)) });
      })
      .put("/wishlist/:id", async (c) => {
        const user = currentUser(c);
        await services.readLater.removeFromReadLater(user.id, c.req.param("id"));
        return c.json({ message: ACCOUNT_MESSAGES.removedFromReadLater });
      })
  );
}

/** A cross-site request, or one the browser makes for an image, script or frame rather than for a page or fetch. */
function isSubresourceOrCrossSite(c: Context<AppEnv>): boolean {
  const site = c.req.header("sec-fetch-site");
  const destination = c.req.header("sec-fetch-dest");
  return site === "cross-site" || (destination !== undefined && destination !== "empty" && destination !== "document");
}
