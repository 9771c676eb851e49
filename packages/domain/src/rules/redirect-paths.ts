/*
 * The one spelling of an address that redirects are stored and looked up by (issue 41), so
 * "/2020/05/café/", "/2020/05/caf%C3%A9" and "/2020/05/Caf%c3%a9/"-style variants of an old
 * permalink find the same row: percent-encoding decoded, one trailing slash dropped, the query
 * kept only when it names the page (WordPress's /?p=123, /?page_id=45).
 */

/** Query parameters that identify a page on an old site; any other query is not part of the address. */
const ADDRESSING_PARAMETERS = ["p", "page_id", "cat", "tag", "author"];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The stored form of a path (with or without a query), or null when it is not a site-relative
 * path (an absolute URL, "//host", empty).
 */
export function redirectKey(pathWithQuery: string): string | null {
  const questionMark = pathWithQuery.indexOf("?");
  const rawPath = questionMark === -1 ? pathWithQuery : pathWithQuery.slice(0, questionMark);
  if (!rawPath.startsWith("/") || rawPath.startsWith("//")) return null;
  let path = decoded(rawPath).normalize("NFC");
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (questionMark === -1) return path;
  const query = new URLSearchParams(pathWithQuery.slice(questionMark + 1));
  for (const name of ADDRESSING_PARAMETERS) {
    const value = query.get(name);
    if (value) return `${path}?${name}=${value}`;
  }
  return path;
}
