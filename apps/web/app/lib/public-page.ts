import { PUBLIC_PAGE_CACHE_CONTROL } from "@broadsheet/domain";

/**
 * A route's `headers` export for pages that read the same for every anonymous reader: the
 * server caches them and serves them before React runs. Pages that differ per reader, or
 * are forms (login, profile, admin), leave it out and are never cached.
 */
export function publicPageHeaders(): HeadersInit {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}
