/*
 * What the redirect lookup costs a page request (docs/performance.md, issue 41): the time of
 * a lookup (the address's key, then the Map) with no redirects and with 200,000, and the resident memory
 * the 200,000 take. Run: `node --expose-gc --import tsx apps/server/src/redirects/bench-lookup.ts [count]`.
 */
import { createRedirectLookup, type RedirectRow } from "./redirect-lookup";

const COUNT = Number(process.argv[2] ?? 200_000);
const LOOKUPS = 1_000_000;

// Addresses as an import makes them: a WordPress permalink and /?p= for every post.
function rows(count: number): RedirectRow[] {
  const made: RedirectRow[] = [];
  for (let index = 0; made.length < count; index++) {
    const to = `/page/imported-post-number-${index}-with-a-title`;
    made.push({ fromPath: `/2024/05/imported-post-number-${index}-with-a-title`, toPath: to, statusCode: 301 });
    made.push({ fromPath: `/?p=${index + 1000}`, toPath: to, statusCode: 301 });
  }
  return made.slice(0, count);
}

function settle(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
}

async function timeLookups(lookup: ReturnType<typeof createRedirectLookup>, paths: string[]): Promise<number> {
  const started = process.hrtime.bigint();
  let found = 0;
  for (let index = 0; index < LOOKUPS; index++) {
    if (await lookup.find(paths[index % paths.length] as string)) found++;
  }
  const nanoseconds = Number(process.hrtime.bigint() - started);
  if (found < 0) console.log(found);
  return nanoseconds / LOOKUPS;
}

// Page requests: mostly live pages (misses), some old addresses (hits), some with a query.
const paths = [
  "/",
  "/page/live-story",
  "/category/science?page=2",
  "/2024/05/imported-post-number-42-with-a-title/",
  "/?p=1042",
  "/page/another%20one",
];

const empty = createRedirectLookup(async () => []);
await empty.find("/");
// The first pass warms the JIT up; the second is the one measured.
await timeLookups(empty, paths);
const withoutRedirects = await timeLookups(empty, paths);

const before = settle();
let loaded: RedirectRow[] | undefined = rows(COUNT);
const full = createRedirectLookup(async () => loaded ?? []);
await full.find("/");
loaded = undefined;
const after = settle();
await timeLookups(full, paths);
const withRedirects = await timeLookups(full, paths);

console.log(
  JSON.stringify({
    redirects: full.size(),
    nsPerLookupWithNone: Math.round(withoutRedirects),
    nsPerLookupWithAll: Math.round(withRedirects),
    rssOfTableMb: Math.round((after - before) / 1024 / 1024),
  }),
);
