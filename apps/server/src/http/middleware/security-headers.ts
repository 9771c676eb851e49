import { frameOrigins } from "@broadsheet/domain";
import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../app-env";
import { inlineScriptHashes } from "../inline-script-hashes";

const CSP = "Content-Security-Policy";
// The embed providers' players, loaded only when a reader asks (decision 077); Audio & Video posts' too.
const EMBED_FRAME_SOURCES = frameOrigins();
const SCRIPTS_FROM_THIS_SITE = "script-src 'self'";

/**
 * One policy for every answer; a page's also allows its own inline scripts by their hashes
 * (decision 088), so two renders of the same page are the same bytes, and a cached copy is
 * compressed once for all its readers. Development relaxes script and connect sources for
 * Vite's HMR client.
 */
export function securityHeaders(options: { development: boolean }): MiddlewareHandler<AppEnv> {
  const setApiHeaders = headersWithScripts(["'self'"], options);
  // In production pages start from the API's policy; their hashes are added once rendered.
  const setPageHeaders = options.development
    ? headersWithScripts(["'self'", "'unsafe-inline'"], options)
    : setApiHeaders;
  // The API calls a page render makes in-process never reach a browser: no headers needed.
  return async (c, next) => {
    if (c.env?.pageRequest) return next();
    // An answer with a policy of its own keeps it (the newsletter preview's: a mail's HTML, no scripts at all).
    let own: string | null = null;
    const handle = async () => {
      await next();
      own = c.res.headers.get(CSP);
    };
    const isApi = c.req.path.startsWith("/api/");
    await (isApi ? setApiHeaders(c, handle) : setPageHeaders(c, handle));
    if (own) c.res.headers.set(CSP, own);
    else if (!isApi && !options.development) await allowInlineScriptsByHash(c);
  };
}

async function allowInlineScriptsByHash(c: Context<AppEnv>): Promise<void> {
  const response = c.res;
  const policy = response.headers.get(CSP);
  if (!policy || !response.body || !response.headers.get("content-type")?.startsWith("text/html")) return;
  const body = Buffer.from(await response.arrayBuffer());
  const hashes = inlineScriptHashes(body);
  const headers = new Headers(response.headers);
  if (hashes.length > 0)
    headers.set(CSP, policy.replace(SCRIPTS_FROM_THIS_SITE, `${SCRIPTS_FROM_THIS_SITE} ${hashes.join(" ")}`));
  // Cleared first, so Hono does not copy the old answer's headers onto the new one.
  c.res = undefined;
  c.res = new Response(body, { status: response.status, headers });
}

function headersWithScripts(scriptSrc: string[], options: { development: boolean }): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: options.development ? ["'self'", "ws:", "wss:"] : ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameSrc: EMBED_FRAME_SOURCES,
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "same-site",
    crossOriginEmbedderPolicy: false,
    xFrameOptions: "SAMEORIGIN",
  });
}
