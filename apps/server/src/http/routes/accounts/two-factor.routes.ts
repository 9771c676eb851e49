import { TWO_FACTOR_MESSAGES, twoFactorApi } from "@broadsheet/domain";
import type { Services } from "../../../services";
import { apiRouter, routeOf } from "../../api-routes";
import { sessionUser } from "../../middleware/session";

/** /api/users/2fa/*: turning two-factor sign-in on and off (issue 15). */
export function twoFactorRoutes({ twoFactor, auth }: Pick<Services, "twoFactor" | "auth">) {
  return apiRouter()
    .openapi(routeOf(twoFactorApi.setup), async (c) => c.json(await twoFactor.beginSetup(sessionUser(c)), 201))
    .openapi(routeOf(twoFactorApi.enable), async (c) => {
      const recoveryCodes = await twoFactor.enable(sessionUser(c), c.req.valid("json").code);
      return c.json({ message: TWO_FACTOR_MESSAGES.turnedOn, recoveryCodes }, 200);
    })
    .openapi(routeOf(twoFactorApi.disable), async (c) => {
      const { password, code } = c.req.valid("json");
      await auth.disableTwoFactor(sessionUser(c), password, code);
      return c.json({ message: TWO_FACTOR_MESSAGES.turnedOff }, 200);
    });
}
