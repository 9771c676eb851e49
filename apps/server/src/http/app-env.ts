import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "../logger";
import type { SessionUser } from "../services/sessions.service";

/** What every request carries through the Hono context. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    log: Logger;
    secureHeadersNonce?: string;
    /** The logged-in user, or null (set by the session middleware). */
    user: SessionUser | null;
    /** The raw session token of this request, when it has a live session. */
    sessionToken: string | null;
  };
}
