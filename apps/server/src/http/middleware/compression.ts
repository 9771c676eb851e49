import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { addVary } from "../vary";
import { answersNotModified } from "./conditional-requests";

/*
 * Compresses dynamic text answers (pages, JSON, feeds) in one synchronous call on the whole
 * body. Every such answer is already whole in memory (pages render to one buffer), and one
 * call costs a fraction of a compression stream. Fast settings: the CPU matters more than
 * the last few per cent (brotli 3 still beats gzip 6). Hashed assets come precompressed
 * from the build and pass through untouched.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|rss\+xml|atom\+xml)|image\/svg\+xml)/i;
const MIN_BYTES = 1024;
const COMPRESS = {
  br: (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }),
  gzip: (body: Buffer) => gzipSync(body, { level: 3 }),
};

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  if (/\bbr\b/i.test(acceptEncoding)) return "br";
  if (/\bgzip\b/i.test(acceptEncoding)) return "gzip";
  return undefined;
}

/**
 * A HEAD is answered as its GET would be (the same encoding and length; the body is dropped
 * later). Every compressible answer says it varies by Accept-Encoding, whether or not this
 * client took an encoding, so no shared cache hands a compressed copy to a client without one.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (
      !response.body ||
      response.status === 204 ||
      response.status === 206 ||
      // A download (an export) is streamed as it is made: never read whole into memory here.
      response.headers.get("content-disposition")?.startsWith("attachment") ||
      !COMPRESSIBLE.test(response.headers.get("content-type") ?? "")
    ) {
      return;
    }
    addVary(response.headers, "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    // A 304 is coming (conditional-requests.ts): no body to compress.
    if (!encoding || response.headers.has("content-encoding") || answersNotModified(c.req, response)) return;
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    if (body.length < MIN_BYTES) {
      c.res = undefined;
      c.res = new Response(body, { status: response.status, headers });
      return;
    }
    const compressed = COMPRESS[encoding](body);
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(compressed.length));
    // Cleared first, so Hono does not copy the old answer's headers onto the new one.
    c.res = undefined;
    c.res = new Response(compressed, { status: response.status, headers });
  };
}
