import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PageLoadContext } from "@broadsheet/domain";
import { createRequestHandler, type ServerBuild } from "react-router";
import { WEB_BUILD_DIR } from "../paths";

/** Renders a page of the React Router app for a request. */
export type PageRenderer = (request: Request, context: PageLoadContext) => Promise<Response>;

export const WEB_CLIENT_DIR = path.join(WEB_BUILD_DIR, "client");

/** The production renderer, from the build of apps/web. */
export async function loadBuiltPages(): Promise<PageRenderer> {
  const buildFile = path.join(WEB_BUILD_DIR, "server", "index.js");
  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`The web build is missing or broken (${buildFile}); run \`npm run build\`.`, { cause: error });
  }
  const handle = createRequestHandler(build, "production");
  return (request, context) => handle(asGet(request), context);
}

/**
 * A HEAD rendered as the GET it asks about: React Router answers a HEAD with an empty body,
 * which the page cache would keep and serve to every reader. The body is dropped on the way out.
 */
export function asGet(request: Request): Request {
  return request.method === "HEAD" ? new Request(request, { method: "GET" }) : request;
}
