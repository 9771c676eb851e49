import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { App } from "./app";
import { carriesBody, lingerOnUnreadBody } from "./lingering-close";

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/*
 * How long a client may take, so slow or idle clients cannot hold sockets for ever: the
 * headers within 20 s, the whole request (an upload included) within 2 minutes. Idle
 * keep-alive lasts 65 s, longer than a proxy's upstream keep-alive (nginx: 60 s), so the
 * proxy closes first and never reuses a socket Node is closing.
 */
export const SERVER_TIMEOUTS = { headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 65_000 };

/** A node:http server for the app; `before` lets Vite's dev middleware see requests first. */
export function createHttpServer(app: App, before?: NodeMiddleware, timeouts = SERVER_TIMEOUTS): Server {
  const listener = getRequestListener(app.fetch);
  const respond = before
    ? (req: IncomingMessage, res: ServerResponse) => before(req, res, () => listener(req, res))
    : listener;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (carriesBody(req)) lingerOnUnreadBody(req);
    return respond(req, res);
  };
  return createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      // How often Node checks the two timeouts above: a tenth of the shorter one.
      connectionsCheckingInterval: Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs) / 10,
    },
    handle,
  );
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** Stops accepting, lets in-flight requests finish, and gives up on stragglers after `timeoutMs`. */
export function closeHttpServer(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
