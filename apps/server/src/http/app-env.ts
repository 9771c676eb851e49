import type { HttpBindings } from "@hono/node-server";
import type { SessionUser } from "../accounts";
import type { Logger } from "../logger";
import type { AuditService, IdempotencyService } from "../newsroom";
import type { RequestOrigin } from "./client-address";

/** What an in-process API call of a page render inherits from the page request. */
export interface PageRequest {
  /** The session the page request already resolved, so its API calls do not look it up again. */
  session: { token: string | null; user: SessionUser | null };
  /** The reader's address and public origin, so limits, view counts and logs see the reader, not the proxy. */
  origin: RequestOrigin;
  requestId: string;
}

/** What every request carries through the Hono context. */
export interface AppEnv {
  Bindings: Partial<HttpBindings> & {
    /** Set only on the in-process API calls of a page render; bindings come from the server, never the client. */
    pageRequest?: PageRequest;
  };
  Variables: {
    requestId: string;
    log: Logger;
    /** The client's address (rate limits, view counts, logs) and the origin it used. */
    clientAddress: string;
    publicOrigin: string;
    /** This page request is served the page every logged-in reader shares (decision 016). */
    readerShell?: boolean;
    /** The logged-in user, or null (set by the session middleware). */
    user: SessionUser | null;
    /** The raw session token of this request, when it has a live session. */
    sessionToken: string | null;
    /** Who an audited call without a session acted for (a password reset's account). */
    auditSubject?: { id: string; name: string; email: string };
    /** Where audited calls are recorded (set for every /api request). */
    audit?: AuditService;
    /** Where creates' idempotency keys are claimed (set for every /api request). */
    idempotency?: IdempotencyService;
    /** Whether an admin requires staff to use two-factor sign-in (Admin → Settings). */
    twoFactorRequired?: () => Promise<boolean>;
  };
}
