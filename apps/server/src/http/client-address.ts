import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";
import type { Config, TrustProxy } from "../config";

/** Who sent a request and which public address they used, as the trusted proxies tell it. */
export interface RequestOrigin {
  /** The client's address: the rightmost X-Forwarded-For entry not written by a trusted proxy. */
  clientAddress: string;
  /** The site's origin as the browser sees it (https://news.example.com). */
  publicOrigin: string;
}

// app.request() in tests and tools has no socket: it is this machine talking to itself.
const NO_SOCKET_ADDRESS = "127.0.0.1";
const FORWARDED_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if ("hops" in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}

/**
 * Reads the client address and the public origin of a request. X-Forwarded-* headers count
 * only as far as TRUST_PROXY trusts the hops that wrote them; PUBLIC_URL, when set, is the
 * origin whatever the headers say.
 */
export function createRequestOriginReader(config: Pick<Config, "trustProxy" | "publicUrl" | "publicUrlIsSet">) {
  const trust = trustFunction(config.trustProxy);
  const fixedOrigin = config.publicUrlIsSet ? new URL(config.publicUrl).origin : undefined;

  return (request: Request, socketAddress: string | undefined): RequestOrigin => {
    const socket = socketAddress ?? NO_SOCKET_ADDRESS;
    const forwardedFor = request.headers.get("x-forwarded-for") ?? undefined;
    const found = proxyAddr(
      { socket: { remoteAddress: socket }, headers: { "x-forwarded-for": forwardedFor } } as never,
      trust,
    );
    const clientAddress = found && ipaddr.isValid(found) ? ipaddr.process(found).toString() : socket;
    return { clientAddress, publicOrigin: fixedOrigin ?? forwardedOrigin(request, trust(socket, 0)) };
  };
}

function forwardedOrigin(request: Request, proxyTrusted: boolean): string {
  const url = new URL(request.url);
  if (!proxyTrusted) return url.origin;
  const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const host = firstValue(request.headers.get("x-forwarded-host"));
  const protocol = proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1);
  return `${protocol}://${host && FORWARDED_HOST.test(host) ? host : url.host}`;
}

function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}

/** The key rate limits count a client under: its address, or its /64 for IPv6 (one subscriber's whole range). */
export function rateLimitKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${parsed.toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
}
