import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../logger";
import type { AppEnv } from "../app-env";
import type { RequestOrigin } from "../client-address";

const REQUEST_ID = /^[\w.:-]{1,64}$/;
// Secrets that travel in a path: a reset link's token never reaches the log.
const SECRET_IN_PATH = /^(\/api\/users\/resetPassword\/|\/reset\/)[^/]+/;

export function loggedPath(path: string): string {
  return path.replace(SECRET_IN_PATH, "$1[redacted]");
}

/**
 * Gives each request an id, its client address and public origin, and a child logger, and
 * logs one line when it ends. Only the server can mark a request as part of a page render
 * (logged at debug): no request header can hide a request from the log.
 */
export function requestContext(
  logger: Logger,
  readOrigin: (request: Request, socketAddress: string | undefined) => RequestOrigin,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const page = c.env?.pageRequest;
    const offered = c.req.header("x-request-id");
    const requestId = page?.requestId ?? (offered && REQUEST_ID.test(offered) ? offered : randomUUID());
    const origin = page?.origin ?? readOrigin(c.req.raw, c.env?.incoming?.socket?.remoteAddress);
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("clientAddress", origin.clientAddress);
    c.set("publicOrigin", origin.publicOrigin);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    log[page ? "debug" : "info"](
      {
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        client: origin.clientAddress,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
