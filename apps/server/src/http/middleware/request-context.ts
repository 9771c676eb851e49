import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../logger";
import type { AppEnv } from "../app-env";

export const INTERNAL_REQUEST_HEADER = "x-broadsheet-internal";

/** Gives each request an id and a child logger, and logs one line when it ends. */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    // Calls the SSR loaders make in-process are part of the page request already logged.
    const level = c.req.header(INTERNAL_REQUEST_HEADER) ? "debug" : "info";
    log[level](
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
