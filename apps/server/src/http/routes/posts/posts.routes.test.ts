import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_LISTS, POST_LISTS } from "../../../caching";
import { comments, postDailyStats, postLikes, posts, readLater, reviews } from "../../../db/schema";
import { EXACT_COUNT_LIMIT, RANKED_WINDOW } from "../../../posts";
import { insertCategory, insertPost, insertType, insertUser } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" });
const IMAGE = `/media/${"b".repeat(64)}.webp`;

let editor: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let reader: Awaited<ReturnType<typeof signUp>>;
let technology: { id: string; name: string; slug: string };
let travel: { id: string; name: string };

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor", name: "Eddie Editor" });
  admin = await signUp(context.app, { role: "admin" });
  reader = await signUp(context.app);
  technology = await insertCategory(context.database.db, "Technology");
  await insertType(context.database.db, technology.id, "Gadgets");
  travel = await insertCategory(context.database.db, "Travel");
});

const validPost = (overrides: Record<string, unknown> = {}) => ({
  title: "Chips get smaller again",
  link: "https://example.com/source",
  category: "Technology",
  type: "Gadgets",
  content: "<h2>Smaller</h2><p>Transistors keep shrinking.</p>",
  image: [IMAGE],
  ...overrides,
});

describe(`creating posts on ${testDatabaseKind()}`, () => {
  it("is for staff only: anonymous 401, reader 403, editor and admin 201", async () => {
    expect((await anonymous().post("/api/posts", validPost())).status).toBe(401);
    expect((await reader.agent.post("/api/posts", validPost())).status).toBe(403);
    expect((await editor.agent.post("/api/posts", validPost())).status).toBe(201);
    expect((await admin.agent.post("/api/posts", validPost())).status).toBe(201);
  });

  it("sets slug, sku, minuteRead, author and createdAt on the server", async () => {
    const before = Date.now();
    const response = await editor.agent.post(
      "/api/posts",
      validPost({ title: "Quantum Leap: Ten Things", sku: "FAKE-1", content: `<p>${"word ".repeat(450)}</p>` }),
    );
    expect(response.status).toBe(201);
    const post = response.body;
    expect(post.slug).toBe("quantum-leap-ten-things");
    expect(post.sku).toMatch(/^TEC-\d{13}$/);
    expect(Number(post.sku.split("-")[1])).toBeGreaterThanOrEqual(before);
    expect(post.minuteRead).toBe(3);
    expect(post.author).toBe("Eddie Editor");
    expect(Date.parse(post.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(post).toMatchObject({
      category: "Technology",
      type: "Gadgets",
      image: [IMAGE],
      isPublished: true,
      views: 0,
    });

    const again = await editor.agent.post("/api/posts", validPost({ title: "Quantum Leap: Ten Things" }));
    expect(again.body.slug).toBe("quantum-leap-ten-things-2");
  });

  it.each([
    [{ image: [] }, "Please add an image"],
    [{ image: undefined }, "Please add an image"],
    [{ image: [IMAGE, IMAGE, IMAGE, IMAGE, IMAGE, IMAGE] }, "A post can have at most 5 images"],
    [{ image: ["javascript:alert(1)"] }, "Images must be uploaded to this site or be https URLs"],
    [{ title: "" }, "Please add a title"],
    [{ title: undefined }, "Please add a title"],
    [{ link: "ftp://example.com/x" }, "Link must be a URL starting with http:// or https://"],
    [{ link: "not a url" }, "Link must be a URL starting with http:// or https://"],
    [{ category: "" }, "Please select a category"],
    [{ category: "Travel", type: "Gadgets" }, "The chosen type does not belong to the chosen category"],
  ])("refuses %j with 400 and the message", async (overrides, message) => {
    const response = await editor.agent.post("/api/posts", validPost(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("answers 404 for an unknown category or type", async () => {
    expect((await editor.agent.post("/api/posts", validPost({ category: "Astrology" }))).status).toBe(404);
    expect((await editor.agent.post("/api/posts", validPost({ type: "Nope" }))).status).toBe(404);
  });

  it.each([
    '<script>alert("x")</script><p>ok</p>',
    '<img src="x" onerror="alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt:alert(1)">click</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload="alert(1)"><circle/></svg>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">hi</p>',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<object data="x.swf"></object><embed src="x">',
    '<form action="https://evil.example"><input name="q"></form>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  ])("sanitises %s", async (payload) => {
    const response = await editor.agent.post("/api/posts", validPost({ content: payload }));
    expect(response.status).toBe(201);
    const content: string = response.body.content;
    expect(content).not.toMatch(
      /<script|onerror|onload|onclick|javascript:|<iframe|<svg|<object|<embed|<form|style=|data:/i,
    );
  });

  it("keeps the allowed formatting and makes links safe", async () => {
    const html =
      '<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote><pre><code>c</code></pre><a href="https://e.com" target="_blank">e</a><a href="mailto:a@b.co">m</a>';
    const { body } = await editor.agent.post("/api/posts", validPost({ content: html }));
    for (const tag of [
      "<h1>",
      "<h2>",
      "<h3>",
      "<strong>",
      "<em>",
      "<u>",
      "<s>",
      "<ul>",
      "<ol>",
      "<blockquote>",
      "<code>",
    ]) {
      expect(body.content).toContain(tag);
    }
    expect(body.content).not.toContain("<h4>");
    expect(body.content).toContain('rel="noopener noreferrer nofollow"');
    expect(body.content).toContain('href="mailto:a@b.co"');
  });

  it("accepts multipart with an image file, uploading it first", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#345" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("title", "Multipart story");
    form.set("category", technology.slug);
    form.set("content", "<p>Hello</p>");
    form.append("image", new File([png], "photo.png", { type: "image/png" }));
    form.append("image", IMAGE);
    const response = await editor.agent.post("/api/posts", form);
    expect(response.status).toBe(201);
    expect(response.body.image).toHaveLength(2);
    expect(response.body.image[0]).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    expect(response.body.image[1]).toBe(IMAGE);
  });
});

describe("image descriptions (alt text)", () => {
  const OTHER = `/media/${"c".repeat(64)}.webp`;
  const THIRD = "https://images.example.com/third.jpg";

  it("keeps one description per image, trimmed, and lists it on summaries", async () => {
    const { status, body } = await editor.agent.post(
      "/api/posts",
      validPost({ title: "Described images zq", image: [IMAGE, OTHER], imageAlt: ["  A red  kite over hills ", ""] }),
    );
    expect(status).toBe(201);
    expect(body.imageAlt).toEqual(["A red kite over hills", ""]);
    const list = await anonymous().get("/api/posts?search=Described%20images%20zq");
    expect(list.body.items[0].imageAlt).toEqual(["A red kite over hills", ""]);
    const bare = await editor.agent.post(
      "/api/posts",
      validPost({ title: "No descriptions zq", image: [IMAGE, OTHER] }),
    );
    expect(bare.body.imageAlt).toEqual(["", ""]);
  });

  it("moves descriptions with their images on an update that leaves them out, and replaces them when sent", async () => {
    const { body: created } = await editor.agent.post(
      "/api/posts",
      validPost({ title: "Reordered images", image: [IMAGE, OTHER], imageAlt: ["First", "Second"] }),
    );
    const reordered = await editor.agent.patch(
      `/api/posts/${created._id}`,
      validPost({ image: [OTHER, THIRD, IMAGE] }),
    );
    expect(reordered.status).toBe(200);
    expect(reordered.body.imageAlt).toEqual(["Second", "", "First"]);
    const replaced = await editor.agent.patch(
      `/api/posts/${created._id}`,
      validPost({ image: [THIRD], imageAlt: ["A harbour at dusk"] }),
    );
    expect(replaced.body.imageAlt).toEqual(["A harbour at dusk"]);
  });

  it.each([
    [{ imageAlt: ["x".repeat(251)] }, "An image description must be at most 250 characters"],
    [{ imageAlt: ["one", "two"] }, "There are more image descriptions than images"],
    [{ imageAlt: "a kite" }, "Invalid input: expected array, received string"],
  ])("refuses %j with 400 and the message", async (overrides, message) => {
    const response = await editor.agent.post("/api/posts", validPost(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("takes descriptions from a multipart form in the images' order", async () => {
    const form = new FormData();
    form.set("title", "Multipart descriptions");
    form.set("category", technology.slug);
    form.append("image", IMAGE);
    form.append("image", OTHER);
    form.append("imageAlt", "A lighthouse");
    form.append("imageAlt", "A ferry");
    const response = await editor.agent.post("/api/posts", form);
    expect(response.status).toBe(201);
    expect(response.body.imageAlt).toEqual(["A lighthouse", "A ferry"]);
  });
});

describe("correction notes", () => {
  it("dates a new or changed note, keeps the date for the same note, and removes it with an empty one", async () => {
    const { body: created } = await editor.agent.post("/api/posts", validPost({ title: "Corrected later" }));
    expect(created).toMatchObject({ correction: "", correctedAt: null });
    const noted = await editor.agent.patch(
      `/api/posts/${created._id}`,
      validPost({ correction: "An earlier version misspelt the minister's name." }),
    );
    expect(noted.status).toBe(200);
    expect(noted.body.correction).toBe("An earlier version misspelt the minister's name.");
    expect(Date.parse(noted.body.correctedAt)).not.toBeNaN();

    const same = await editor.agent.patch(
      `/api/posts/${created._id}`,
      validPost({ title: "Corrected later (edited)", correction: "An earlier version misspelt the minister's name." }),
    );
    expect(same.body.correctedAt).toBe(noted.body.correctedAt);
    const kept = await editor.agent.patch(`/api/posts/${created._id}`, validPost({ title: "No note sent" }));
    expect(kept.body.correction).toBe("An earlier version misspelt the minister's name.");
    const readerView = await anonymous().get(`/api/posts/${created.slug}`);
    expect(readerView.body).toMatchObject({ correction: "An earlier version misspelt the minister's name." });

    const removed = await editor.agent.patch(`/api/posts/${created._id}`, validPost({ correction: "" }));
    expect(removed.body).toMatchObject({ correction: "", correctedAt: null });
    const tooLong = await editor.agent.patch(`/api/posts/${created._id}`, validPost({ correction: "x".repeat(1001) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ message: "A correction must be at most 1000 characters" });
  });
});

describe("reading, publishing, updating and deleting", () => {
  it("gets a post by id or slug, with content, reviews and comments", async () => {
    const { body: created } = await editor.agent.post("/api/posts", validPost({ title: "By id or slug" }));
    for (const key of [created._id, created.slug]) {
      const response = await anonymous().get(`/api/posts/${key}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        _id: created._id,
        title: "By id or slug",
        link: "https://example.com/source",
      });
      expect(response.body.content).toContain("Transistors");
      expect(response.body.reviews).toEqual({ count: 0, average: 0, items: [] });
      expect(response.body.comments).toEqual([]);
    }
    expect((await anonymous().get("/api/posts/no-such-slug")).status).toBe(404);
    expect((await anonymous().get("/api/posts/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("toggles publication; drafts are 404 for readers and missing from lists, visible to staff", async () => {
    const { body: created } = await editor.agent.post("/api/posts", validPost({ title: "Draft toggle zq" }));
    expect((await reader.agent.patch(`/api/posts/${created._id}/publish`)).status).toBe(403);
    const unpublished = await editor.agent.patch(`/api/posts/${created._id}/publish`);
    expect(unpublished.body).toEqual({ _id: created._id, isPublished: false });

    for (const agent of [anonymous(), reader.agent]) {
      expect((await agent.get(`/api/posts/${created.slug}`)).status).toBe(404);
      const list = await agent.get("/api/posts?search=Draft%20toggle%20zq");
      expect(list.body.total).toBe(0);
    }
    expect((await editor.agent.get(`/api/posts/${created.slug}`)).status).toBe(200);
    expect((await admin.agent.get("/api/posts?search=Draft%20toggle%20zq")).body.total).toBe(1);

    const republished = await editor.agent.patch(`/api/posts/${created.slug}/publish`);
    expect(republished.body.isPublished).toBe(true);
    expect((await anonymous().get(`/api/posts/${created.slug}`)).status).toBe(200);
  });

  it("updates with JSON, keeping the slug and re-sanitising", async () => {
    const { body: created } = await editor.agent.post("/api/posts", validPost({ title: "Before edit" }));
    expect((await reader.agent.patch(`/api/posts/${created._id}`, validPost())).status).toBe(403);
    const response = await admin.agent.patch(
      `/api/posts/${created._id}`,
      validPost({ title: "After edit", category: "Travel", type: "", content: "<p>new</p><script>x</script>" }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: "After edit", slug: created.slug, category: "Travel", type: "" });
    expect(response.body.content).toBe("<p>new</p>");
    const refused = await admin.agent.patch(`/api/posts/${created._id}`, validPost({ image: [] }));
    expect(refused.body).toEqual({ message: "Please add an image" });
    expect((await admin.agent.patch("/api/posts/no-such-post", validPost())).status).toBe(404);
  });

  it("deletes a post with its comments, likes, reviews and Read Later entries (staff only)", async () => {
    const post = await insertPost(context.database.db, { categoryId: travel.id });
    const user = await insertUser(context.database.db);
    await context.database.db.insert(comments).values({ postId: post.id, userId: user.id, text: "hi" });
    await context.database.db.insert(postLikes).values({ postId: post.id, userId: user.id });
    await context.database.db.insert(reviews).values({ postId: post.id, userId: user.id, rating: 4 });
    await context.database.db.insert(readLater).values({ postId: post.id, userId: user.id });

    expect((await anonymous().delete(`/api/posts/${post.id}`)).status).toBe(401);
    expect((await reader.agent.delete(`/api/posts/${post.id}`)).status).toBe(403);
    const response = await editor.agent.delete(`/api/posts/${post.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "Post deleted successfully" });
    for (const table of [comments, postLikes, reviews, readLater]) {
      expect(await context.database.db.select().from(table).where(eq(table.postId, post.id))).toHaveLength(0);
    }
    expect((await editor.agent.delete(`/api/posts/${post.id}`)).status).toBe(404);
  });
});

describe("browsing and search", () => {
  let culture: { id: string; name: string };
  beforeAll(async () => {
    culture = await insertCategory(context.database.db, "Culture Desk");
    const opera = await insertType(context.database.db, culture.id, "Opera");
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await insertPost(context.database.db, {
      categoryId: culture.id,
      typeId: opera.id,
      title: "Bravo for Verdi",
      createdAt: day(3),
    });
    await insertPost(context.database.db, { categoryId: culture.id, title: "alpine choirs sing", createdAt: day(2) });
    await insertPost(context.database.db, {
      categoryId: culture.id,
      title: "Cellos at dawn",
      content: "<p>The philharmonic rehearsed a symphony</p>",
      createdAt: day(1),
    });
    await insertPost(context.database.db, { categoryId: culture.id, title: "Hidden draft", isPublished: false });
    // Written straight to the database: tell the caches, as the services would.
    await context.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);
  });

  const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

  it("filters by category (name, any case) and sorts latest, oldest, a-z and z-a", async () => {
    const base = "/api/posts?category=culture%20desk";
    expect(titles((await anonymous().get(base)).body)).toEqual([
      "Bravo for Verdi",
      "alpine choirs sing",
      "Cellos at dawn",
    ]);
    expect(titles((await anonymous().get(`${base}&sort=oldest`)).body)).toEqual([
      "Cellos at dawn",
      "alpine choirs sing",
      "Bravo for Verdi",
    ]);
    expect(titles((await anonymous().get(`${base}&sort=a-z`)).body)).toEqual([
      "alpine choirs sing",
      "Bravo for Verdi",
      "Cellos at dawn",
    ]);
    expect(titles((await anonymous().get(`${base}&sort=z-a`)).body)).toEqual([
      "Cellos at dawn",
      "Bravo for Verdi",
      "alpine choirs sing",
    ]);
    expect(titles((await anonymous().get(`${base}&type=Opera`)).body)).toEqual(["Bravo for Verdi"]);
    expect((await anonymous().get(`${base}&type=All`)).body.total).toBe(3);
    // Looked up first: a category or a type that does not exist lists nothing, on every page.
    for (const filter of ["category=No%20Such%20Desk", "category=culture%20desk&type=Ballet"]) {
      for (const page of [1, 200]) {
        const empty = await anonymous().get(`/api/posts?${filter}&page=${page}`);
        expect(empty.status).toBe(200);
        expect(empty.body).toMatchObject({ items: [], total: 0 });
      }
    }
    expect((await anonymous().get("/api/posts?category=All&search=Cellos")).body.total).toBe(1);
  });

  it("searches title or category case-insensitively, and the content by full text", async () => {
    expect(titles((await anonymous().get("/api/posts?search=VERDI")).body)).toEqual(["Bravo for Verdi"]);
    expect((await anonymous().get("/api/posts?search=culture%20DESK")).body.total).toBe(3);
    expect(titles((await anonymous().get("/api/posts?search=symphonies")).body)).toEqual(["Cellos at dawn"]);
    expect((await anonymous().get("/api/posts?search=%25%27%22%3B--")).status).toBe(200);
  });

  it("finds a title containing the words wherever they start and end, as ILIKE does, letters beyond ASCII too", async () => {
    await insertPost(context.database.db, { title: "Zorblax-Quintrel's ferrogyre" });
    await insertPost(context.database.db, { title: "Café zorblax naïve" });
    await context.app.services.publicPages.changed([POST_LISTS]);
    const found = async (words: string) =>
      titles((await anonymous().get(`/api/posts?search=${encodeURIComponent(words)}`)).body);

    // The first word may end a title's word, the last start one.
    expect(await found("blax-quint")).toEqual(["Zorblax-Quintrel's ferrogyre"]);
    expect(await found("BLAX-QUINTREL'S FERRO")).toEqual(["Zorblax-Quintrel's ferrogyre"]);
    expect(await found("x-quintrel's f")).toEqual(["Zorblax-Quintrel's ferrogyre"]);
    // The words are there, but not as the search has them.
    expect(await found("blax quint")).toEqual([]);
    expect(await found("rel's zorb")).toEqual([]);
    expect(await found("zorblax-quintrel's ferrogyre extra")).toEqual([]);
    // One word inside a title's word, and letters beyond ASCII.
    expect((await found("orbla")).sort()).toEqual(["Café zorblax naïve", "Zorblax-Quintrel's ferrogyre"]);
    expect(await found("fé zorbl")).toEqual(["Café zorblax naïve"]);
    expect(await found("é zorblax naï")).toEqual(["Café zorblax naïve"]);
  });

  it("shows an edit and a like in the next search, though the post's summary was shown by an earlier one", async () => {
    const created = (await editor.agent.post("/api/posts", validPost({ title: "Harbour cranes return" }))).body;
    const found = async (words: string) => (await anonymous().get(`/api/posts?search=${words}`)).body.items[0];
    expect(await found("harbour%20cranes")).toMatchObject({ title: "Harbour cranes return", likeCount: 0 });
    const edited = await editor.agent.patch(`/api/posts/${created._id}`, validPost({ title: "Harbour cranes leave" }));
    expect(edited.status).toBe(200);
    expect(await found("harbour%20cranes")).toMatchObject({ title: "Harbour cranes leave" });
    expect((await reader.agent.put(`/api/posts/addLike/${created._id}`)).status).toBe(200);
    // Other words, the same post: a new search whose summary could only come from the cache.
    expect(await found("cranes%20harbour")).toMatchObject({ title: "Harbour cranes leave", likeCount: 1 });
  });

  it("counts every match of a common word, ranks the newest ones and pages past them by date, within the filters", async () => {
    const archive = await insertCategory(context.database.db, "Archive Desk");
    const count = RANKED_WINDOW + 20;
    await context.database.db.insert(posts).values(
      Array.from({ length: count }, (_, n) => ({
        title: `Dispatch ${n}`,
        slug: `dispatch-${n}`,
        sku: "ARC-1",
        content:
          n === 5
            ? "<p>Zeppelins, zeppelins: the zeppelin fleet.</p>"
            : "<p>The zeppelins are back over the harbour.</p>",
        categoryId: archive.id,
        isPublished: true,
        createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
      })),
    );
    const first = (await anonymous().get("/api/posts?search=zeppelin&limit=50")).body;
    expect(first.total).toBe(count);
    expect(first.totalIsEstimate).toBe(false);

    // Every match, once, across every page: the ranked newest ones, then the older ones by date.
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(count / 50); page++) {
      seen.push(...titles((await anonymous().get(`/api/posts?search=zeppelin&limit=50&page=${page}`)).body));
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    const pastWindow = seen.slice(RANKED_WINDOW);
    expect(pastWindow).toEqual(Array.from({ length: 20 }, (_, n) => `Dispatch ${19 - n}`));
    // Dispatch 5 says it most often, but it is older than the ranked window: it comes by date.
    expect(seen.indexOf("Dispatch 5")).toBe(RANKED_WINDOW + 14);
    // Paging on past the window, each page starts where the one before it ended (kept in the read cache).
    const firstPastWindow = RANKED_WINDOW / 5 + 1;
    const pagedOn: string[] = [];
    for (let page = firstPastWindow; page < firstPastWindow + 4; page++) {
      pagedOn.push(...titles((await anonymous().get(`/api/posts?search=zeppelin&limit=5&page=${page}`)).body));
    }
    expect(pagedOn).toEqual(pastWindow);

    const oldest = (await anonymous().get("/api/posts?search=zeppelin&sort=oldest&limit=1")).body;
    expect(titles(oldest)).toEqual(["Dispatch 0"]);
    expect(oldest.total).toBe(count);
    // Another category's filter applies before the count, not after it.
    expect((await anonymous().get("/api/posts?search=zeppelin&category=Travel")).body.total).toBe(0);
    expect((await anonymous().get("/api/posts?search=Dispatch%20319&category=Archive%20Desk")).body.total).toBe(1);
  });

  it("ranks the newest matches best first: a title hit before a body hit", async () => {
    const desk = await insertCategory(context.database.db, "Ranking Desk");
    await context.database.db.insert(posts).values([
      {
        title: "Harbour lights",
        slug: "harbour-lights-rank",
        sku: "RNK-1",
        content: "<p>About the quayside.</p>",
        categoryId: desk.id,
        isPublished: true,
        createdAt: new Date(Date.UTC(2025, 5, 1)),
      },
      {
        title: "Quiet evening",
        slug: "quiet-evening-rank",
        sku: "RNK-2",
        content: "<p>The quayside harbour at dusk.</p>",
        categoryId: desk.id,
        isPublished: true,
        createdAt: new Date(Date.UTC(2025, 5, 2)),
      },
    ]);
    const found = (await anonymous().get("/api/posts?search=harbour&category=Ranking%20Desk")).body;
    expect(titles(found)).toEqual(["Harbour lights", "Quiet evening"]);
  });

  it("finds a word in a third of many posts among the newest only, in the same order as among all of them", async () => {
    const desk = await insertCategory(context.database.db, "Deep Archive");
    const population = 20_000;
    const matching = (n: number) => n % 20 < 7;
    // A second apart up to a minute ago: the newest posts of the site, as a common word's newest matches are.
    const start = Date.now() - (population * 1000 + 60_000);
    const rows = Array.from({ length: population }, (_, n) => ({
      title: `Wire ${n}`,
      slug: `deep-wire-${n}`,
      sku: "DEP-1",
      content: matching(n) ? "<p>The zephyr blew in from the sea.</p>" : "<p>A still day on the coast.</p>",
      categoryId: desk.id,
      isPublished: true,
      createdAt: new Date(start + n * 1000),
    }));
    for (let from = 0; from < population; from += 1000) {
      await context.database.db.insert(posts).values(rows.slice(from, from + 1000));
    }
    await context.database.db.execute(sql`analyze posts`);
    await context.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);

    // Every match says it alike, so best first is newest first, past the ranked window too.
    const newestFirst = rows
      .filter((_, n) => matching(n))
      .map((row) => row.title)
      .reverse();
    const pageOf = async (page: number) =>
      (await anonymous().get(`/api/posts?search=zephyr&limit=50&page=${page}`)).body;
    const first = await pageOf(1);
    expect(titles(first)).toEqual(newestFirst.slice(0, 50));
    expect(first.totalIsEstimate).toBe(true);
    // 7 000 posts match: estimated from the blocks of the table the first of them came from, which
    // rows of earlier tests' deleted posts share (PostgreSQL refills their space), so only roughly.
    expect(first.total).toBeGreaterThan(7000 / 3);
    expect(first.total).toBeLessThan(7000 * 3);
    // The window came from the newest few thousand posts: the bound is kept per filters (none) and depth.
    const bounds = [256, 512, 1024, 2048, 4096, 8192].map((depth) =>
      context.app.services.publicPages.reads.peek<{ createdAt: string }[]>(`search-bound:["","",""]:${depth}`),
    );
    expect(bounds.some((bound) => bound?.[0]?.createdAt)).toBe(true);
    const acrossTheWindow = [...titles(await pageOf(6)), ...titles(await pageOf(7))];
    expect(acrossTheWindow).toEqual(newestFirst.slice(250, 350));

    // Two words, both in every title: looked for among the newest posts, in date order.
    const everywhere = await anonymous().get("/api/posts?search=wire%20wire&limit=50");
    expect(everywhere.status).toBe(200);
    expect(titles(everywhere.body)).toEqual(Array.from({ length: 50 }, (_, n) => `Wire ${population - 1 - n}`));
  });

  it("counts up to 1000 matches exactly, and estimates the matches of a word in most of many posts", async () => {
    const bulk = await insertCategory(context.database.db, "Bulk Desk");
    const many = 5000;
    const newestAt = Date.now();
    const bulletins = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => {
        const n = from + index;
        return {
          title: `Bulletin ${n}`,
          slug: `bulletin-${n}`,
          sku: "BLK-1",
          content: "<p>Another bulletin from the newsroom.</p>",
          categoryId: bulk.id,
          isPublished: true,
          // The newest posts of the site, ten milliseconds apart, as a common word's newest matches are.
          createdAt: new Date(newestAt - (many - n) * 10),
        };
      });
    // Fewer matches than the exact count's limit: each one counted.
    const few = EXACT_COUNT_LIMIT - 40;
    await context.database.db.insert(posts).values(bulletins(0, few));
    await context.app.services.publicPages.changed([POST_LISTS, CATEGORY_LISTS]);
    const exact = (await anonymous().get("/api/posts?search=bulletin&category=Bulk%20Desk")).body;
    expect(exact).toMatchObject({ total: few, totalIsEstimate: false });

    await context.database.db.insert(posts).values(bulletins(few, many));
    await context.database.db.execute(sql`analyze posts`);
    await context.app.services.publicPages.changed([POST_LISTS]);
    // Found among the newest posts only; the total is the number the first matches' blocks suggest
    // (roughly: see the word in a third of many posts above).
    const found = (await anonymous().get("/api/posts?search=bulletins")).body;
    expect(found.totalIsEstimate).toBe(true);
    expect(found.total).toBeGreaterThan(many / 3);
    expect(found.total).toBeLessThan(many * 3);
    expect(titles(found)).toEqual(Array.from({ length: 9 }, (_, n) => `Bulletin ${many - 1 - n}`));
  });

  it("paginates with defaults 1 and 9, limits of 1 to 50, and answers an empty page past the end", async () => {
    const first = await anonymous().get("/api/posts");
    expect(first.body).toMatchObject({ page: 1, limit: 9 });
    expect(first.body.items.length).toBeLessThanOrEqual(9);
    expect((await anonymous().get("/api/posts?limit=50")).body.limit).toBe(50);
    const past = await anonymous().get("/api/posts?page=999&category=Culture%20Desk");
    expect(past.body).toMatchObject({ items: [], total: 3, page: 999 });
    // Out of what the OpenAPI document allows: refused, naming the field.
    for (const [query, message] of [
      ["limit=500", "limit must be a whole number from 1 to 50"],
      ["page=-2", "page must be a whole number from 1 to 1000000"],
      ["limit=abc", "limit must be a whole number from 1 to 50"],
      ["sort=AAA", "sort must be one of: latest, oldest, a-z, z-a"],
    ]) {
      const refused = await anonymous().get(`/api/posts?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message });
    }
  });

  it("lists summaries without content, with the reader's own flags when logged in", async () => {
    const anonymousItem = (await anonymous().get("/api/posts?category=Culture%20Desk")).body.items[0];
    expect(Object.keys(anonymousItem).sort()).toEqual(
      [
        "_id",
        "author",
        "authorSlug",
        "category",
        "categorySlug",
        "coauthors",
        "commentCount",
        "createdAt",
        "excerpt",
        "image",
        "imageAlt",
        "isPublished",
        "likeCount",
        "link",
        "minuteRead",
        "scheduledAt",
        "slug",
        "title",
        "type",
        "views",
      ].sort(),
    );
    await reader.agent.post("/api/users/addToWishlist", { postId: anonymousItem._id });
    const mine = (await reader.agent.get("/api/posts?category=Culture%20Desk")).body.items[0];
    expect(mine).toMatchObject({ _id: anonymousItem._id, inReadLater: true, likedByMe: false });
  });
});

describe("views", () => {
  it("counts one view per visitor per 30 minutes, skips bots, and writes daily stats", async () => {
    const post = await insertPost(context.database.db, { categoryId: travel.id });
    const browser = { "user-agent": "Mozilla/5.0 (Macintosh) Safari/605", "x-forwarded-for": "203.0.113.5" };
    // The post page's beacon counts the view (decision 053); reading the post does not.
    await anonymous().get(`/api/posts/${post.slug}`, browser);
    const first = await anonymous().post(`/api/posts/${post.slug}/view`, undefined, browser);
    const visitor = first.headers.get("set-cookie")?.split(";")[0] ?? "";
    await anonymous().post(`/api/posts/${post.slug}/view`, undefined, { ...browser, cookie: visitor });
    await anonymous().post(`/api/posts/${post.id}/view`, undefined, { ...browser, "x-forwarded-for": "203.0.113.6" });
    await anonymous().post(`/api/posts/${post.id}/view`, undefined, {
      "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    await reader.agent.post(`/api/posts/${post.id}/view`, undefined, { "user-agent": "Mozilla/5.0 Firefox/140" });
    await context.app.services.views.flush();

    const [row] = await context.database.db.select({ views: posts.views }).from(posts).where(eq(posts.id, post.id));
    expect(row?.views).toBe(3);
    const stats = await context.database.db.select().from(postDailyStats).where(eq(postDailyStats.postId, post.id));
    expect(stats).toEqual([expect.objectContaining({ views: 3, day: new Date().toISOString().slice(0, 10) })]);
  });
});
