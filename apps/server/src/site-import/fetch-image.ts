import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

const MAX_REDIRECTS = 5;

export interface ImageFetchOptions {
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  /**
   * Fetch from loopback, private and link-local addresses (a test's own server, an old site on
   * the same network). Off by default: an export's image addresses are whatever its author wrote,
   * and must not reach the server's own network (169.254.169.254, localhost services).
   */
  privateAddresses: boolean;
}

/**
 * An image fetcher for the importer: GET with redirects followed (at most five), within the time
 * and size given; null for anything else. The address is checked when the socket connects, after
 * DNS, so a public name that resolves to a private address is refused too (request-filtering-agent).
 */
export function createImageFetcher(options: ImageFetchOptions) {
  const filter = { allowPrivateIPAddress: options.privateAddresses };
  const agents = { "http:": new RequestFilteringHttpAgent(filter), "https:": new RequestFilteringHttpsAgent(filter) };

  function get(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    const client = url.protocol === "https:" ? https : http;
    const agent = url.protocol === "https:" ? agents["https:"] : agents["http:"];
    return new Promise((resolve, reject) => {
      client.get(url, { agent, signal, headers: { accept: "image/*" } }, resolve).on("error", reject);
    });
  }

  async function fetchImage(address: string): Promise<Buffer | null> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      let url = new URL(address);
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        if (url.protocol !== "http:" && url.protocol !== "https:") return null;
        const response = await get(url, signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          url = new URL(location, url);
          continue;
        }
        if (status !== 200 || Number(response.headers["content-length"] ?? 0) > options.maxBytes) {
          response.destroy();
          return null;
        }
        return await readAtMost(response, options.maxBytes);
      }
      return null;
    } catch {
      return null;
    }
  }

  return fetchImage;
}

async function readAtMost(response: http.IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
