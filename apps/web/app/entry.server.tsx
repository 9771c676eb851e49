import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { ServerPartsContext } from "./components/server-html";
import "./lib/load-context";
import { deferScriptsPastFirstPaint } from "./lib/document/scripts-after-paint.server";

export const streamTimeout = 5_000;

/*
 * Loaders finish before rendering starts (no deferred data), so the shell is the whole
 * document: it is rendered to one buffer and sent in one write, which costs far less CPU
 * than streaming it through node and web streams chunk by chunk.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    // Cleared as soon as the render ends: a pending timer would keep the whole render in memory.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = deferScriptsPastFirstPaint(Buffer.concat(chunks));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerPartsContext value={loadContext.serverParts}>
        <ServerRouter context={routerContext} url={request.url} />
      </ServerPartsContext>,
      {
        // Every Suspense boundary inline, in place: never outlined into hidden markup that only a
        // script reveals, so the page reads the same without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/**
 * Logs real failures only: unmatched URLs (404) and aborted requests are expected, and a
 * form posted from another origin (React Router refuses it with 400) is one warning line.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    console.warn(`Refused a cross-origin form post to ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
}
