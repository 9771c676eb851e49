import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { KeptPart } from "../components/server-html";

/**
 * The loader's side of a `ServerHtml` part: on a document request its data goes to the load
 * context for the server's render, and the loader data the browser decodes carries only its
 * version; on a `.data` request (the browser may render the part itself) both (decision 040).
 */
export function keptPart<T>(context: AppLoadContext, id: string, data: T): KeptPart<T> {
  const version = createHash("sha1")
    .update(JSON.stringify(data) ?? "")
    .digest("base64url");
  if (!context.serverParts) return { version, data };
  context.serverParts.set(id, data);
  return { version };
}
