import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { rateLimitKey } from "./client-address";

/** The key a client's requests count under for rate limits (requestContext found the address). */
export function clientKey(c: Context<AppEnv>): string {
  return rateLimitKey(c.get("clientAddress"));
}
