import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "../logger";
import type { SessionUser } from "../services/sessions.service";

/** What every request carries through the Hono context. */
export interface AppEnv {
  Bindings: Partial<HttpBindings> & {
    /**
     * Set only on the in-process API calls of one page render: the session the page
     * request already resolved, so its dozen API calls do not each look it up again.
     * Bindings come from the server, never from the client.
     */
    pageSession?: { token: string | null; user: SessionUser | null };
  };
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
