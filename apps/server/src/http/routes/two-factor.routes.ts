import { TWO_FACTOR_MESSAGES, twoFactorApi } from "@broadsheet/domain";
import type { TwoFactorService } from "../../services/two-factor.service";
import { apiRouter, routeOf } from "../api-routes";
import { sessionUser } from "../middleware/session";

/** /api/users/2fa/*: turning two-factor sign-in on and off (issue 15). */
export function twoFactorRoutes(twoFactor: TwoFactorService) {
  return apiRouter()
    .openapi(routeOf(twoFactorApi.setup), async (c) => c.json(await twoFactor.beginSetup(sessionUser(c)), 201))
    .openapi(routeOf(twoFactorApi.enable), async (c) => {
      const recoveryCodes = await twoFactor.enable(sessionUser(c), c.req.valid("json").code);
      return c.json({ message: TWO_FACTOR_MESSAGES.turnedOn, recoveryCodes }, 200);
    })
    .openapi(routeOf(twoFactorApi.disable), async (c) => {
      await twoFactor.disable(sessionUser(c), c.req.valid("json").code);
      return c.json({ message: TWO_FACTOR_MESSAGES.turnedOff }, 200);
    });
}
