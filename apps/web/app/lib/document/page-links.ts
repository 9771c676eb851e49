/*
 * Links to the site's own pages are plain anchors marked PAGE_LINK, followed by client
 * navigation from one click listener: React Router's <Link> runs five hooks and resolves its
 * path on every render, which on the home page's 180 links was about a fifth of the
 * JavaScript run at load (decision 034). The clicks a <Link> would leave to the browser (a
 * modifier key, another button, a target or download) are left to it here too.
 */
export const PAGE_LINK = { "data-page-link": "" } as const;

type Navigate = (to: string, options: { replace: boolean }) => void;

/** The path a plain left click on a page link leads to, or null when the browser should follow it. */
export function pageLinkTarget(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey
  ) {
    return null;
  }
  const link = event.target instanceof Element ? event.target.closest("a[data-page-link]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/** From the root layout's first effect on; after React's own listeners, so a handler that prevents the click wins. */
export function followPageLinks(navigate: Navigate): () => void {
  const onClick = (event: MouseEvent) => {
    const to = pageLinkTarget(event);
    // Offline, a client navigation would fail for its data: the browser loads the page, which the
    // service worker answers from the reader's offline copies (or its offline page).
    if (to === null || !navigator.onLine) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    // As <Link> does: a link to the page it is on replaces the history entry.
    navigate(to, { replace: to === here });
  };
  window.addEventListener("click", onClick);
  return () => window.removeEventListener("click", onClick);
}
