import { MESSAGES } from "@broadsheet/domain";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { isClientAbort, isDatabaseUnavailable } from "../../db/pg-errors";
import { AppError } from "../../errors";
import type { AppEnv } from "../app-env";

/** Answered (503) when the database is briefly out of reach: a restart, a failover. */
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again.";
/** Answered (400), if anyone still listens, to a request its client aborted before it was complete. */
export const CLIENT_ABORTED_MESSAGE = "The request was aborted before it was complete";

function isApiRequest(c: Context<AppEnv>): boolean {
  return c.req.path === "/api" || c.req.path.startsWith("/api/");
}

/**
 * Maps typed service errors to status + {"message"}; a request its client aborted answers 400;
 * the database out of reach answers 503; anything unknown is logged and answers a generic 500. Never the SQL or a stack.
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  let status: ContentfulStatusCode = 500;
  let message: string = MESSAGES.internalError;
  let details: Record<string, unknown> | undefined;

  if (error instanceof AppError) {
    status = error.status;
    message = error.message;
    details = error.details;
    if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
  } else if (error instanceof ZodError) {
    status = 400;
    message = error.issues[0]?.message ?? "Invalid input";
  } else if (error instanceof SyntaxError) {
    // JSON.parse of a malformed request body.
    status = 400;
    message = MESSAGES.malformedJson;
  } else if (error instanceof HTTPException) {
    status = error.status as ContentfulStatusCode;
    message = error.message || "Request refused";
  } else if (c.req.raw.signal.aborted || isClientAbort(error)) {
    // The client went away (a closed tab, a cancelled upload): neither an outage nor a fault here.
    status = 400;
    message = CLIENT_ABORTED_MESSAGE;
    c.get("log")?.info({ requestId: c.get("requestId") }, "request aborted by the client");
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    message = SERVICE_UNAVAILABLE_MESSAGE;
    c.header("Retry-After", "1");
    c.get("log")?.warn({ err: error, requestId: c.get("requestId") }, "database unavailable");
  } else {
    c.get("log")?.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
  }

  // Refused before its body was read: closing the connection spares the client a keep-alive
  // socket the server would close under it while it discards the rest of the body. The server
  // still reads and drops what comes for a moment after answering (lingering-close.ts), so a
  // client still writing reads this answer rather than a reset.
  if (status === 413) c.header("Connection", "close");
  if (isApiRequest(c)) return c.json({ ...details, message }, status);
  return c.text(message, status);
};

export const handleApiNotFound: NotFoundHandler<AppEnv> = (c) => c.json({ message: MESSAGES.apiNotFound }, 404);
