/*
 * A feed reader shows a post away from its page, so a relative link or image in the body
 * ("/media/…", "../category/…") would point nowhere: each one is resolved against the
 * post's own URL, as the page itself resolves it.
 */

// sanitize-html writes every attribute double-quoted, with any quote inside escaped.
const URL_ATTRIBUTE = /(\s(?:href|src)=")([^"]*)(")/g;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

// A feed reader runs no scripts: an embed's button could do nothing there, its link remains (decision 077).
const EMBED_BUTTON = /<button type="button" class="embed-load">[^<]*<\/button>/g;

/** Sanitised post HTML with its href and src values made absolute against `pageUrl`. */
export function absoluteFeedHtml(html: string, pageUrl: string): string {
  return html
    .replace(EMBED_BUTTON, "")
    .replace(URL_ATTRIBUTE, (whole, before: string, value: string, after: string) => {
      if (value === "" || HAS_SCHEME.test(value)) return whole;
      try {
        // The value is still HTML-escaped; "&amp;" survives resolution as it is.
        return `${before}${new URL(value, pageUrl).href}${after}`;
      } catch {
        return whole;
      }
    });
}
