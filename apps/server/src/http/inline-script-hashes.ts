import { createHash } from "node:crypto";

const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
const SOURCE_ATTRIBUTE = /\ssrc=/;
// JSON-LD and other JSON data blocks are never run: no need to allow them.
const JSON_DATA_BLOCK = /\stype="application\/(ld\+)?json"/;

/**
 * CSP hash sources ('sha256-…') of every inline script of a rendered page, so the policy allows
 * exactly these scripts and nothing injected into the page. Unlike a nonce, a hash is the same
 * for every copy of the page: a cached copy is the same bytes for every reader, compressed once.
 * It reads the rendered bytes with native searches, as the browser ends a script at its first
 * `</script>` (React escapes every "<" in text and attributes).
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (let at = html.indexOf(SCRIPT_START); at !== -1; at = html.indexOf(SCRIPT_START, at)) {
    const tagEnd = html.indexOf(">", at);
    const scriptEnd = tagEnd === -1 ? -1 : html.indexOf(SCRIPT_END, tagEnd);
    if (scriptEnd === -1) break;
    const tag = html.toString("latin1", at, tagEnd);
    if (!SOURCE_ATTRIBUTE.test(tag) && !JSON_DATA_BLOCK.test(tag)) {
      const digest = createHash("sha256")
        .update(html.subarray(tagEnd + 1, scriptEnd))
        .digest("base64");
      hashes.add(`'sha256-${digest}'`);
    }
    at = scriptEnd + SCRIPT_END.length;
  }
  return [...hashes];
}
