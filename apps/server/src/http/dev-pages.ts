import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, type ServerBuild } from "react-router";
import { WEB_ROOT } from "../paths";
import { asGet, type PageRenderer } from "./pages";

/** Development only: Vite in middleware mode serves modules and HMR; pages render from source. */
export async function startDevPages() {
  const { createServer } = await import("vite");
  const vite = await createServer({ root: WEB_ROOT, server: { middlewareMode: true }, appType: "custom" });
  const render: PageRenderer = async (request, context) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(asGet(request), context);
  };
  return {
    render,
    middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => vite.middlewares(req, res, next),
    close: () => vite.close(),
  };
}
