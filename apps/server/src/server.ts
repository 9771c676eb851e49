import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { App } from "./app";

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A node:http server for the app; `before` lets Vite's dev middleware see requests first. */
export function createHttpServer(app: App, before?: NodeMiddleware): Server {
  const listener = getRequestListener(app.fetch);
  const handle = before
    ? (req: IncomingMessage, res: ServerResponse) => before(req, res, () => listener(req, res))
    : listener;
  return createServer(handle);
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
