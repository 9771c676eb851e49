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
import { Hono } from "hono";
import type { Config } from "../../config";
import type { Services } from "../../services";
import { toPublicUser } from "../../services/users.service";
import type { AppEnv } from "../app-env";
import { readJsonInput } from "../body";
import { clientIp } from "../client-ip";
import { clearSessionCookie, currentAdmin, currentUser, setSessionCookie, viewerIsStaff } from "../middleware/session";
import { pageQuery } from "../query";

/** /api/users/*: SPEC.md §7 "Users", path for path. */
export function usersRoutes(services: Services, config: Config) {
  const secureCookie = config.publicUrl.startsWith("https://");
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, config.trustProxy);

  const logout = async (c: Parameters<typeof clientIp>[0]) => {
    const token = c.get("sessionToken");
    if (token) await services.sessions.endSession(token);
    clearSessionCookie(c);
    return c.json({ message: ACCOUNT_MESSAGES.loggedOut });
  };

  return new Hono<AppEnv>()
    .post("/register", async (c) => {
      await services.auth.countRegistrationAttempt(ip(c));
      const input = await readJsonInput(c, RegisterInputSchema);
      const { user, session } = await services.auth.register(input);
      setSessionCookie(c, session, secureCookie);
      return c.json(toPublicUser(user), 201);
    })
    .post("/login", async (c) => {
      const input = await readJsonInput(c, LoginInputSchema);
      const { user, session } = await services.auth.login(input, ip(c));
      setSessionCookie(c, session, secureCookie);
      return c.json(toPublicUser(user));
    })
    .get("/logout", logout)
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
      await services.auth.forgotPassword(input.email, ip(c));
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
    });
}
