import { type IncomingHttpHeaders, request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeHttpServer, createHttpServer, listen } from "../server";
import { insertCategory, insertPost } from "../testing/fixtures";
import { signUp } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";
import { serveCachedPages } from "./cached-page-listener";

/*
 * HEAD, conditional requests and Vary over real HTTP, with the socket-level fast path in
 * front as in production: what `curl -I`, an uptime monitor, a browser revalidating and a
 * CDN see.
 */
const context = useTestApp({ pages: true });
let base = "";
let close: () => Promise<void> = async () => undefined;
const pages: Record<string, string> = {};

beforeAll(async () => {
  const server = createHttpServer(context.app, serveCachedPages(context.app.services.publicPages.cache));
  base = `http://127.0.0.1:${await listen(server, 0, "127.0.0.1")}`;
  close = () => closeHttpServer(server, 1000);
  const category = await insertCategory(context.database.db, "Head Desk");
  const post = await insertPost(context.database.db, { title: "Headed story", categoryId: category.id });
  Object.assign(pages, {
    home: "/",
    terms: "/terms",
    category: `/category/${category.slug}`,
    post: `/page/${post.slug}`,
  });
});
afterAll(() => close());

/*
 * Pages show the time to the minute: with the clock held still, two renders of an unchanged
 * page are the same bytes whenever the test runs (no minute turning between them).
 */
function holdTheClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request as curl sends it: no automatic decompression, the body as it came. */
function send(path: string, method = "GET", headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const DECODE: Record<string, (body: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };
const html = (answer: Answer) => {
  const decode = DECODE[String(answer.headers["content-encoding"])];
  return (decode ? decode(answer.body) : answer.body).toString("utf8");
};

// The headers a HEAD must share with its GET.
const SHARED = [
  "content-type",
  "cache-control",
  "vary",
  "content-encoding",
  "x-page-audience",
  "content-security-policy",
];

function expectSameRepresentation(head: Answer, get: Answer) {
  expect(head.status).toBe(get.status);
  for (const name of SHARED) expect([name, head.headers[name]]).toEqual([name, get.headers[name]]);
  expect(head.headers.etag).toMatch(/^W\/".+"$/);
  if (head.headers["content-length"] !== undefined) {
    expect(head.headers["content-length"]).toBe(String(get.body.length));
  }
  expect(head.body.length).toBe(0);
}

describe(`HEAD on ${testDatabaseKind()}`, () => {
  holdTheClock();
  for (const name of ["home", "terms", "category", "post"]) {
    it(`answers a HEAD of the ${name} page as its GET, and the GETs after it get the whole page`, async () => {
      const path = `${pages[name]}${pages[name]?.includes("?") ? "&" : "?"}head=${name}`;
      for (const encoding of [{}, { "accept-encoding": "gzip, deflate, br" }] as Record<string, string>[]) {
        const key = `${path}&encoding=${Object.keys(encoding).length}`;
        const firstHead = await send(key, "HEAD", encoding);
        const firstGet = await send(key, "GET", encoding);
        // The HEAD stored nothing: the GET renders (MISS) and gets the page.
        expect(firstGet.headers["x-cache"]).toBe("MISS");
        expect(html(firstGet)).toContain("<!DOCTYPE html>");
        expect(html(firstGet)).toContain("</html>");
        expectSameRepresentation(firstHead, firstGet);

        const cachedHead = await send(key, "HEAD", encoding);
        const cachedGet = await send(key, "GET", encoding);
        expect(cachedHead.headers["x-cache"]).toBe("HIT");
        expect(cachedGet.headers["x-cache"]).toBe("HIT");
        expectSameRepresentation(cachedHead, cachedGet);
        expect(cachedHead.headers.etag).toBe(cachedGet.headers.etag);
        expect(html(cachedGet).length).toBeGreaterThan(1000);
      }
    });
  }

  it("answers a logged-in reader's HEAD as their GET: private, by cookie, and the page still whole after", async () => {
    const { agent } = await signUp(context.app);
    const cookie = agent.cookie ?? "";
    const head = await send("/terms?head=reader", "HEAD", { cookie });
    const get = await send("/terms?head=reader", "GET", { cookie });
    expectSameRepresentation(head, get);
    expect(get.headers["cache-control"]).toBe("private, no-cache");
    expect(html(get)).toContain("Logout");
    const anonymous = await send("/terms?head=reader");
    expect(html(anonymous)).not.toContain("Logout");
    expect(html(anonymous)).toContain("</html>");
  });
});

describe(`conditional requests on ${testDatabaseKind()}`, () => {
  holdTheClock();
  it("answers 304 to a cached page's ETag (weak or strong form, in a list, or *), at the socket and in the app", async () => {
    const path = "/terms?conditional=cached";
    const first = await send(path);
    const etag = String(first.headers.etag);
    const opaque = etag.replace(/^W\//, "");
    for (const ifNoneMatch of [etag, opaque, `"other", ${etag}`, "*"]) {
      const revalidated = await send(path, "GET", { "if-none-match": ifNoneMatch });
      expect(revalidated.headers["x-cache"]).toBe("HIT");
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe(first.headers["cache-control"]);
      expect(revalidated.headers.vary).toBe("Accept-Encoding, Cookie");
      // A cache keeps the CSP that came with the body it holds.
      expect(revalidated.headers["content-security-policy"]).toBeUndefined();
    }
    expect((await send(path, "GET", { "if-none-match": '"something-else"' })).status).toBe(200);
    expect((await send(path, "HEAD", { "if-none-match": etag })).status).toBe(304);

    // Through the app itself (no socket fast path): the same answers.
    const inApp = await context.app.request(path, { headers: { "if-none-match": etag } });
    expect(inApp.status).toBe(304);
    expect(await inApp.text()).toBe("");
    expect(inApp.headers.get("etag")).toBe(etag);
    expect(inApp.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });

  it("answers 304 for a page not yet cached, and for one never cached (the login page)", async () => {
    const path = "/terms?conditional=uncached";
    const etag = String((await send(path)).headers.etag);
    context.app.services.publicPages.cache.invalidateAll();
    const rendered = await send(path, "GET", { "if-none-match": etag });
    expect(rendered.headers["x-cache"]).toBe("MISS");
    expect(rendered.status).toBe(304);
    expect(rendered.body.length).toBe(0);

    const login = await send("/login");
    expect(login.headers["x-cache"]).toBeUndefined();
    expect(login.headers.etag).toMatch(/^W\/".+"$/);
    // Rendered anew: the same representation, the same tag.
    const again = await send("/login", "GET", { "if-none-match": String(login.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(login.headers.etag);
    expect(again.headers.vary).toContain("Cookie");
  });

  it("gives a logged-in reader a 304 for their own page only, never for another reader's or the anonymous one", async () => {
    const first = await signUp(context.app, { name: "Reader Alpha" });
    const second = await signUp(context.app, { name: "Reader Beta" });
    const own = await send("/terms", "GET", { cookie: first.agent.cookie ?? "" });
    expect(own.headers["cache-control"]).toBe("private, no-cache");
    expect(own.headers.vary).toContain("Cookie");
    const ownTag = String(own.headers.etag);
    expect((await send("/terms", "GET", { cookie: first.agent.cookie ?? "", "if-none-match": ownTag })).status).toBe(
      304,
    );
    const other = await send("/terms", "GET", { cookie: second.agent.cookie ?? "", "if-none-match": ownTag });
    expect(other.status).toBe(200);
    expect(html(other)).toContain("Reader Beta");
    const anonymous = await send("/terms", "GET", { "if-none-match": ownTag });
    expect(anonymous.status).toBe(200);
    expect(html(anonymous)).not.toContain("Reader Alpha");

    // The copy logged-in readers with scripts share has its own tag, and the anonymous tag does not match it.
    const shared = { cookie: `${first.agent.cookie}; broadsheet_js=1` };
    const readerCopy = await send("/terms", "GET", shared);
    expect(readerCopy.headers["x-page-audience"]).toBe("reader");
    expect(readerCopy.headers.etag).not.toBe(anonymous.headers.etag);
    const withAnonymousTag = await send("/terms", "GET", {
      ...shared,
      "if-none-match": String(anonymous.headers.etag),
    });
    expect(withAnonymousTag.status).toBe(200);
    const withOwnTag = await send("/terms", "GET", { ...shared, "if-none-match": String(readerCopy.headers.etag) });
    expect(withOwnTag.status).toBe(304);
  });

  it("answers a feed and the sitemap conditionally: If-None-Match, If-Modified-Since, and If-None-Match first", async () => {
    for (const path of ["/rss.xml", "/sitemap.xml"]) {
      const full = await send(path);
      expect(full.status).toBe(200);
      const etag = String(full.headers.etag);
      const lastModified = String(full.headers["last-modified"]);
      expect(etag).toMatch(/^W\/".+"$/);
      expect(Date.parse(lastModified)).not.toBeNaN();
      expect((await send(path, "GET", { "if-none-match": etag })).status).toBe(304);
      const since = await send(path, "GET", { "if-modified-since": lastModified });
      expect(since.status).toBe(304);
      expect(since.headers.etag).toBe(etag);
      const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
      expect((await send(path, "GET", { "if-modified-since": earlier })).status).toBe(200);
      expect((await send(path, "GET", { "if-modified-since": "not a date" })).status).toBe(200);
      // A client that sends both is judged by its tag alone.
      const both = await send(path, "GET", { "if-none-match": '"stale"', "if-modified-since": lastModified });
      expect(both.status).toBe(200);
    }
  });
});

describe(`Vary on ${testDatabaseKind()}`, () => {
  it("says what each representation depends on, whether or not this client took an encoding", async () => {
    const anonymous = await send("/terms?vary=1");
    expect(anonymous.headers.vary).toBe("Accept-Encoding, Cookie");
    const { agent } = await signUp(context.app);
    const personal = await send("/terms?vary=1", "GET", { cookie: agent.cookie ?? "" });
    expect(personal.headers.vary?.split(", ").sort()).toEqual(["Accept-Encoding", "Cookie"]);
    const login = await send("/login?vary=1");
    expect(login.headers.vary?.split(", ").sort()).toEqual(["Accept-Encoding", "Cookie"]);
    // Same for everyone but the encoding: a feed and the API's JSON.
    expect((await send("/rss.xml")).headers.vary).toBe("Accept-Encoding");
    expect((await send("/api/openapi.json")).headers.vary).toBe("Accept-Encoding");
    const compressed = await send("/api/openapi.json", "GET", { "accept-encoding": "br" });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toBe("Accept-Encoding");
  });
});
