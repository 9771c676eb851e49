import type { MiddlewareHandler } from "hono";
import type { PublicPagesService } from "../../services/public-pages.service";
import type { AppEnv } from "../app-env";

/*
 * API writes that change what public pages show. Readers' own actions (likes, comments,
 * reviews, votes, shares, Read Later) are not here: their counts may lag the page cache
 * by its few seconds of lifetime. Deleting a comment is here: moderation shows at once.
 */
const CONTENT_WRITES: [method: string, path: RegExp][] = [
  ["*", /^\/api\/posts\/?$/],
  ["*", /^\/api\/posts\/(?!addLike|removeLike|review|updateReview|deleteReview)[^/]+(\/publish)?$/],
  ["DELETE", /^\/api\/posts\/[^/]+\/comments\/[^/]+$/],
  ["*", /^\/api\/(category|type|adverts)(\/.*)?$/],
  ["*", /^\/api\/votes(\/(?!vote\/)[^/]+)?$/],
];

function changesPublicPages(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  return CONTENT_WRITES.some(
    ([writeMethod, pattern]) => (writeMethod === "*" || writeMethod === method) && pattern.test(path),
  );
}

/** After a successful content write, every instance drops its cached pages. */
export function invalidatePagesOnContentWrite(pages: PublicPagesService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.ok && changesPublicPages(c.req.method, c.req.path)) await pages.contentChanged();
  };
}
