import { beforeAll, describe, expect, it } from "vitest";
import { REDIRECTS_TAG } from "../../caching";
import { insertCategory } from "../../testing/fixtures";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

let editor: TestAgent;
let admin: TestAgent;

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
  admin = (await signUp(context.app, { role: "admin" })).agent;
  await insertCategory(context.database.db, "Science");
});

const post = (overrides: Record<string, unknown> = {}) => ({
  title: "Comets return",
  category: "Science",
  content: "<p>Every few years.</p>",
  image: ["https://images.example.com/comet.png"],
  ...overrides,
});

async function addRedirect(from: string, to: string, status?: number) {
  return admin.post("/api/redirects", { from, to, ...(status && { status }) });
}

async function location(path: string, method = "GET") {
  const response = await anonymous().request(method, path);
  return { status: response.status, location: response.headers.get("location") };
}

describe(`post slugs on ${testDatabaseKind()}`, () => {
  it("makes the slug from the title, transliterated", async () => {
    const created = await editor.post("/api/posts", post({ title: "Привет, мир" }));
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe("privet-mir");
    expect((await editor.post("/api/posts", post({ title: "Ærø café" }))).body.slug).toBe("aero-cafe");
  });

  it("takes a chosen slug, normalized, and refuses an empty or taken one", async () => {
    const created = await editor.post("/api/posts", post({ slug: "My Own  Slug" }));
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe("my-own-slug");
    const taken = await editor.post("/api/posts", post({ slug: "my-own-slug" }));
    expect(taken).toMatchObject({ status: 409, body: { message: "Another post already uses this slug." } });
    const empty = await editor.patch(`/api/posts/${created.body._id}`, post({ slug: "!!" }));
    expect(empty).toMatchObject({ status: 400, body: { message: "The slug needs at least one letter or digit" } });
    const other = await editor.post("/api/posts", post({ title: "Another" }));
    const clash = await editor.patch(`/api/posts/${other.body._id}`, post({ slug: "my-own-slug" }));
    expect(clash.status).toBe(409);
  });

  it("leaves a 301 from a published post's old address, and the old slug answers it (HEAD too)", async () => {
    const created = await editor.post("/api/posts", post({ slug: "first-name" }));
    const renamed = await editor.patch(`/api/posts/${created.body._id}`, post({ slug: "second-name" }));
    expect(renamed.body.slug).toBe("second-name");
    expect(await location("/page/first-name")).toEqual({ status: 301, location: "/page/second-name" });
    expect(await location("/page/first-name", "HEAD")).toEqual({ status: 301, location: "/page/second-name" });
    // Spellings of the same address, and a query that names nothing, find it too.
    expect((await location("/page/first-name/")).location).toBe("/page/second-name");
    expect((await location("/page/first%2Dname?utm_source=x")).location).toBe("/page/second-name");
    const list = await admin.get("/api/redirects?search=first-name");
    expect(list.body.items).toMatchObject([
      { from: "/page/first-name", to: "/page/second-name", origin: "slug-change" },
    ]);
  });

  it("collapses chains: a second rename points the first old address at the newest", async () => {
    const created = await editor.post("/api/posts", post({ slug: "chain-a" }));
    await editor.patch(`/api/posts/${created.body._id}`, post({ slug: "chain-b" }));
    await editor.patch(`/api/posts/${created.body._id}`, post({ slug: "chain-c" }));
    expect((await location("/page/chain-a")).location).toBe("/page/chain-c");
    expect((await location("/page/chain-b")).location).toBe("/page/chain-c");
    // Back to its first name: that address is content again, the others lead to it.
    await editor.patch(`/api/posts/${created.body._id}`, post({ slug: "chain-a" }));
    expect((await location("/page/chain-a")).status).not.toBe(301);
    expect((await location("/page/chain-b")).location).toBe("/page/chain-a");
    expect((await location("/page/chain-c")).location).toBe("/page/chain-a");
  });

  it("drops the redirects to a deleted post, so its old addresses answer 404 rather than a hop to one", async () => {
    const created = await editor.post("/api/posts", post({ slug: "doomed-old" }));
    await editor.patch(`/api/posts/${created.body._id}`, post({ slug: "doomed-new" }));
    await addRedirect("/by-hand-to-doomed", "/page/doomed-new/", 302);
    expect(await location("/page/doomed-old")).toEqual({ status: 301, location: "/page/doomed-new" });
    expect((await admin.delete(`/api/posts/${created.body._id}`)).status).toBe(200);
    expect((await location("/page/doomed-old")).status).toBe(404);
    expect((await location("/by-hand-to-doomed")).status).toBe(404);
    expect((await admin.get("/api/redirects?search=doomed")).body.total).toBe(0);
  });

  it("adds no redirect for a draft's new slug", async () => {
    const draft = await editor.post("/api/posts", post({ slug: "draft-one", isPublished: false }));
    await editor.patch(`/api/posts/${draft.body._id}`, post({ slug: "draft-two", isPublished: false }));
    expect((await location("/page/draft-one")).status).not.toBe(301);
  });

  it("lets a new post take an old address: new content wins over the redirect", async () => {
    const created = await editor.post("/api/posts", post({ slug: "reused-old" }));
    await editor.patch(`/api/posts/${created.body._id}`, post({ slug: "reused-new" }));
    expect((await location("/page/reused-old")).status).toBe(301);
    const newcomer = await editor.post("/api/posts", post({ slug: "reused-old" }));
    expect(newcomer.status).toBe(201);
    expect((await location("/page/reused-old")).status).not.toBe(301);
    expect((await admin.get("/api/redirects?search=reused-old")).body.total).toBe(0);
  });
});

describe(`Admin → Redirects API on ${testDatabaseKind()}`, () => {
  it("is for admins: anonymous 401, editor 403", async () => {
    expect((await anonymous().get("/api/redirects")).status).toBe(401);
    expect((await editor.get("/api/redirects")).status).toBe(403);
    expect((await editor.post("/api/redirects", { from: "/x", to: "/y" })).status).toBe(403);
    expect((await editor.get("/api/redirects/export")).status).toBe(403);
  });

  it("answers a new redirect at once and forgets a deleted one at once", async () => {
    expect((await location("/old-about")).status).not.toBe(301);
    const added = await addRedirect("/old-about/", "/about", 302);
    expect(added).toMatchObject({
      status: 201,
      body: { from: "/old-about", to: "/about", status: 302, origin: "manual" },
    });
    expect(await location("/old-about")).toEqual({ status: 302, location: "/about" });
    expect((await admin.delete(`/api/redirects/${added.body._id}`)).body).toEqual({ message: "Redirect deleted" });
    expect((await location("/old-about")).status).not.toBe(302);
    expect((await admin.delete(`/api/redirects/${added.body._id}`)).status).toBe(404);
  });

  it("answers a client-side navigation's data request the way React Router follows a redirect", async () => {
    await addRedirect("/old-data-page", "/about", 301);
    await addRedirect("/gone-elsewhere", "https://example.org/new-home", 302);
    const data = await anonymous().request("GET", "/old-data-page.data?_routes=routes%2Fsite-page");
    expect(data.status).toBe(204);
    expect(data.headers.get("x-remix-redirect")).toBe("/about");
    expect(data.headers.get("x-remix-status")).toBe("301");
    expect(data.headers.get("x-remix-reload-document")).toBeNull();
    const away = await anonymous().request("GET", "/gone-elsewhere.data");
    expect(away.headers.get("x-remix-redirect")).toBe("https://example.org/new-home");
    expect(away.headers.get("x-remix-reload-document")).toBe("true");
    // A data request for an address with no redirect goes on to React Router.
    expect((await anonymous().request("GET", "/about.data")).headers.get("x-remix-redirect")).toBeNull();
  });

  it("drops the lookup table when another instance announces a change", async () => {
    await context.database.db.execute("insert into redirects (from_path, to_path) values ('/behind-the-back', '/x')");
    const before = await location("/behind-the-back");
    await context.app.services.publicPages.changed([REDIRECTS_TAG]);
    expect(before.status).not.toBe(301);
    expect(await location("/behind-the-back")).toEqual({ status: 301, location: "/x" });
  });

  it("keys /?p=123 by its addressing query and sends only the stored target", async () => {
    await addRedirect("/?p=123", "https://archive.example.com/post-123");
    expect(await location("/?p=123&utm_medium=feed")).toEqual({
      status: 301,
      location: "https://archive.example.com/post-123",
    });
    expect((await location("/?p=124")).status).not.toBe(301);
  });

  it("matches percent-encoded and decoded spellings of a non-ASCII address", async () => {
    await addRedirect("/2020/05/caf%C3%A9/", "/page/%D0%BC%D0%B8%D1%80");
    expect((await location("/2020/05/café")).location).toBe("/page/%D0%BC%D0%B8%D1%80");
    expect((await location("/2020/05/caf%c3%a9/")).location).toBe("/page/%D0%BC%D0%B8%D1%80");
    const stored = await admin.get("/api/redirects?search=caf");
    expect(stored.body.items[0].from).toBe("/2020/05/café");
  });

  it("refuses bad addresses, the same address, a loop and a taken From with clear messages", async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ from: "old", to: "/new" }, 400, "From must be an address of this site starting with /"],
      [
        { from: "/api/posts", to: "/new" },
        400,
        "From cannot be under /api, /assets or /media: those addresses never redirect",
      ],
      [{ from: "/a%00b", to: "/new" }, 400, "An address cannot hold %00"],
      [
        { from: "/old", to: "javascript:alert(1)" },
        400,
        "To must be an address of this site starting with / or an http(s) URL",
      ],
      [
        { from: "/old", to: "//evil.example" },
        400,
        "To must be an address of this site starting with / or an http(s) URL",
      ],
      [{ from: "/old", to: "/new", status: 307 }, 400, "Type must be 301 (permanent) or 302 (temporary)"],
      [{ from: "/same/", to: "/same" }, 400, "From and To are the same address"],
    ];
    for (const [body, status, message] of cases) {
      expect(await admin.post("/api/redirects", body)).toMatchObject({ status, body: { message } });
    }
    await addRedirect("/loop-a", "/loop-b");
    expect(await addRedirect("/loop-b", "/loop-a")).toMatchObject({
      status: 400,
      body: { message: "This redirect would make a loop: its target already redirects back to it" },
    });
    expect(await addRedirect("/loop-a", "/elsewhere")).toMatchObject({
      status: 409,
      body: { message: "A redirect from this address already exists" },
    });
  });

  it("collapses a manual chain both ways", async () => {
    await addRedirect("/hop-1", "/hop-2");
    await addRedirect("/hop-2", "/hop-3");
    await addRedirect("/hop-0", "/hop-1");
    expect((await location("/hop-1")).location).toBe("/hop-3");
    expect((await location("/hop-0")).location).toBe("/hop-3");
  });

  it("pages and searches the list", async () => {
    for (let index = 0; index < 3; index++) await addRedirect(`/paged-${index}`, `/paged-target-${index}`);
    const first = await admin.get("/api/redirects?search=paged-&limit=2");
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.body.items).toHaveLength(2);
    const second = await admin.get("/api/redirects?search=paged-&limit=2&page=2");
    expect(second.body.items).toHaveLength(1);
  });
});

describe(`CSV import and export on ${testDatabaseKind()}`, () => {
  it("imports good lines, updates an existing From and skips bad lines with reasons", async () => {
    await addRedirect("/csv-existing", "/somewhere");
    const csv = [
      "from,to,status",
      "/csv-one,/one",
      '"/csv-two","https://example.com/two,three",302',
      "/csv-existing,/elsewhere",
      "nope,/x",
      "/csv-three",
      "/csv-four,/csv-four",
      "/csv-five,/five,303",
      "",
    ].join("\r\n");
    const report = await admin.post("/api/redirects/import", csv, { "content-type": "text/csv" });
    expect(report.status).toBe(200);
    expect(report.body).toEqual({
      created: 2,
      updated: 1,
      skipped: 4,
      problems: [
        { line: 5, message: "From must be an address of this site starting with /" },
        { line: 6, message: "A line needs at least two columns: from,to[,status]" },
        { line: 7, message: "From and To are the same address" },
        { line: 8, message: "Type must be 301 (permanent) or 302 (temporary)" },
      ],
    });
    expect((await location("/csv-existing")).location).toBe("/elsewhere");
    expect(await location("/csv-two")).toEqual({ status: 302, location: "https://example.com/two,three" });
  });

  it("takes the multipart field `file` and refuses a body of another type", async () => {
    const form = new FormData();
    form.set("file", new Blob(["/csv-file,/from-file\n"], { type: "text/csv" }), "redirects.csv");
    expect((await admin.post("/api/redirects/import", form)).body).toMatchObject({ created: 1, skipped: 0 });
    expect((await admin.post("/api/redirects/import", { from: "/x" })).status).toBe(415);
    expect((await editor.post("/api/redirects/import", "/a,/b", { "content-type": "text/csv" })).status).toBe(403);
  });

  it("exports every redirect as CSV that imports again", async () => {
    const exported = await admin.get("/api/redirects/export");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const lines = (exported.body as string).trim().split("\r\n");
    expect(lines[0]).toBe("from,to,status,origin");
    expect(lines).toContain("/csv-one,/one,301,manual");
    const again = await admin.post("/api/redirects/import", exported.body as string, { "content-type": "text/csv" });
    expect(again.body).toMatchObject({ created: 0, skipped: 0 });
    expect(again.body.updated).toBe(lines.length - 1);
  });
});

describe(`recordAll, the importer's way in, on ${testDatabaseKind()}`, () => {
  it("records thousands at once in batches, collapses chains onto them and skips odd addresses", async () => {
    await addRedirect("/bulk-older", "/bulk/7/");
    const entries = Array.from({ length: 2500 }, (_, index) => ({
      from: `/bulk/${index}/`,
      to: `/page/bulk-${index}`,
    }));
    await context.app.services.redirects.recordAll([
      ...entries,
      { from: "/page/bulk-3", to: "/page/elsewhere" },
      { from: "no-slash", to: "/page/x" },
      { from: "/?p=9001", to: "/page/bulk-9" },
    ]);
    expect((await admin.get("/api/redirects?search=/bulk/&limit=1")).body.total).toBe(2500);
    expect(await location("/bulk/2499")).toEqual({ status: 301, location: "/page/bulk-2499" });
    expect((await location("/?p=9001")).location).toBe("/page/bulk-9");
    expect((await location("/bulk-older")).location).toBe("/page/bulk-7");
    // An address that is another entry's new home is content, not an old address.
    expect((await location("/page/bulk-3")).status).not.toBe(301);
    const origins = await admin.get("/api/redirects?search=/bulk/2499");
    expect(origins.body.items[0].origin).toBe("import");
  });
});
