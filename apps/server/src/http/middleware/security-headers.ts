import { frameOrigins } from "@broadsheet/domain";
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../app-env";

const CSP = "Content-Security-Policy";
// The embed providers' players, loaded only when a reader asks (decision 077); Audio & Video posts' too.
const EMBED_FRAME_SOURCES = frameOrigins();

/**
 * CSP with a per-request nonce for React Router's inline scripts. API answers have no inline
 * scripts: they get the same policy without a nonce, sparing every JSON answer its random
 * bytes (1.6 % of a search's CPU, issue 16). Development relaxes script and connect sources
 * for Vite's HMR client.
 */
export function securityHeaders(options: { development: boolean }): MiddlewareHandler<AppEnv> {
  const setPageHeaders = headersWithScripts(
    options.development ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
    options,
  );
  const setApiHeaders = headersWithScripts(["'self'"], options);
  // The API calls a page render makes in-process never reach a browser: no headers needed.
  return async (c, next) => {
    if (c.env?.pageRequest) return next();
    // An answer with a policy of its own keeps it (the newsletter preview's: a mail's HTML, no scripts at all).
    let own: string | null = null;
    const handle = async () => {
      await next();
      own = c.res.headers.get(CSP);
    };
    await (c.req.path.startsWith("/api/") ? setApiHeaders(c, handle) : setPageHeaders(c, handle));
    if (own) c.res.headers.set(CSP, own);
  };
}

function headersWithScripts(
  scriptSrc: (string | typeof NONCE)[],
  options: { development: boolean },
): MiddlewareHandler<AppEnv> {
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
