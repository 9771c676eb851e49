import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* docs/product/bylines.md: a post's authors, the primary first, everywhere the post is named. */

const context = useTestApp({ pages: true });
type Account = Awaited<ReturnType<typeof signUp>>;
let editor: Account;
let freelancer: Account;
let columnist: Account;
let category: string;

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor", name: "Eddie Editor" });
  freelancer = await signUp(context.app, { role: "editor", name: "Fran Freelance" });
  columnist = await signUp(context.app, { role: "admin", name: "Cole Columnist" });
  category = (await insertCategory(context.database.db)).name;
});

const story = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  category,
  content: "<p>From the quay.</p>",
  image: [`/media/${"d".repeat(64)}.webp`],
  isPublished: true,
  ...extra,
});

describe(`post authors on ${testDatabaseKind()}`, () => {
  it("defaults to the creator and takes the authors an editor names, primary first, on every answer and page", async () => {
    const plain = await editor.agent.post("/api/posts", story("By the desk"));
    expect(plain.body.authors).toEqual([editor.user._id]);
    expect(plain.body.bylines).toEqual([{ _id: editor.user._id, name: "Eddie Editor", slug: expect.any(String) }]);

    const created = await editor.agent.post(
      "/api/posts",
      story("The freelancer's scoop", { authors: [freelancer.user._id, columnist.user._id] }),
    );
    expect(created.status).toBe(201);
    expect(created.body.authors).toEqual([freelancer.user._id, columnist.user._id]);
    expect(created.body.author).toBe("Fran Freelance");
    expect(created.body.bylines.map((byline: { name: string }) => byline.name)).toEqual([
      "Fran Freelance",
      "Cole Columnist",
    ]);

    const anonymous = new TestAgent(context.app);
    const read = await anonymous.get(`/api/posts/${created.body.slug}`);
    expect(read.body.authors).toEqual([freelancer.user._id, columnist.user._id]);

    // On both authors' pages, and not on the creator's.
    for (const account of [freelancer, columnist]) {
      const slug = created.body.bylines.find((byline: { _id: string }) => byline._id === account.user._id).slug;
      const list = await anonymous.get(`/api/posts?author=${slug}&limit=50`);
      expect(list.body.items.map((post: { title: string }) => post.title)).toContain("The freelancer's scoop");
      // Counted exactly, the co-written post with the rest (the accounts are new: this is their only post).
      expect((await anonymous.get(`/api/authors/${slug}`)).body).toMatchObject({
        postCount: 1,
        postCountIsEstimate: false,
      });
    }
    const editorSlug = plain.body.bylines[0].slug;
    const editorsPosts = await anonymous.get(`/api/posts?author=${editorSlug}&limit=50`);
    expect(editorsPosts.body.items.map((post: { title: string }) => post.title)).not.toContain(
      "The freelancer's scoop",
    );

    const page = await (await context.app.request(`/page/${created.body.slug}`)).text();
    expect(page).toContain("Fran Freelance");
    expect(page).toContain("Cole Columnist");
  });

  it("names every author on cards, in the RSS, Atom and JSON feeds, and puts a co-author's page in the sitemap", async () => {
    const second = await signUp(context.app, { role: "editor", name: "Sam Second" });
    const created = await editor.agent.post(
      "/api/posts",
      story("Written by two", { authors: [freelancer.user._id, second.user._id] }),
    );
    expect(created.status).toBe(201);
    const secondSlug = created.body.bylines[1].slug;
    const anonymous = new TestAgent(context.app);

    const listed = await anonymous.get("/api/posts?limit=50");
    const card = listed.body.items.find((post: { title: string }) => post.title === "Written by two");
    expect(card).toMatchObject({ author: "Fran Freelance", coauthors: [{ name: "Sam Second", slug: secondSlug }] });
    const single = listed.body.items.find((post: { title: string }) => post.title === "By the desk");
    expect(single?.coauthors).toEqual([]);

    const rssItem = (await anonymous.get("/rss.xml")).body
      .split("<item>")
      .find((item: string) => item.includes("<title>Written by two</title>"));
    expect(rssItem.match(/<dc:creator>[^<]*<\/dc:creator>/g)).toEqual([
      "<dc:creator>Fran Freelance</dc:creator>",
      "<dc:creator>Sam Second</dc:creator>",
    ]);
    const atomEntry = (await anonymous.get("/atom.xml")).body
      .split("<entry>")
      .find((entry: string) => entry.includes("<title>Written by two</title>"));
    expect(atomEntry.match(/<author><name>[^<]*<\/name>/g)).toEqual([
      "<author><name>Fran Freelance</name>",
      "<author><name>Sam Second</name>",
    ]);
    const json = JSON.parse((await anonymous.get("/feed.json")).body);
    const jsonItem = json.items.find((item: { title: string }) => item.title === "Written by two");
    expect(
      jsonItem.authors.map((author: { name: string; url: string }) => [
        author.name,
        author.url.endsWith(`/author/${secondSlug}`),
      ]),
    ).toEqual([
      ["Fran Freelance", false],
      ["Sam Second", true],
    ]);

    // Sam wrote no post of their own: the co-written one gives them an author page worth listing.
    const sitemap = (await anonymous.get("/sitemap.xml")).body;
    expect(sitemap).toContain(`/author/${secondSlug}</loc>`);
  });

  it("changes the authors on update, keeps them when left out, and refuses unknown people and readers", async () => {
    const created = await editor.agent.post("/api/posts", story("Changing hands"));
    const id = created.body._id;
    const swapped = await editor.agent.patch(
      `/api/posts/${id}`,
      story("Changing hands", { authors: [columnist.user._id, editor.user._id] }),
    );
    expect(swapped.status).toBe(200);
    expect(swapped.body.authors).toEqual([columnist.user._id, editor.user._id]);
    const kept = await editor.agent.patch(`/api/posts/${id}`, story("Changing hands, again"));
    expect(kept.body.authors).toEqual([columnist.user._id, editor.user._id]);
    // Repeats count once.
    const repeated = await editor.agent.patch(
      `/api/posts/${id}`,
      story("Changing hands", { authors: [editor.user._id, editor.user._id] }),
    );
    expect(repeated.body.authors).toEqual([editor.user._id]);

    const reader = await signUp(context.app);
    for (const authors of [[reader.user._id], ["00000000-0000-4000-8000-000000000000"], ["not-an-id"], [], "nobody"]) {
      const refused = await editor.agent.patch(`/api/posts/${id}`, story("Changing hands", { authors }));
      expect(refused.status, JSON.stringify(authors)).toBe(400);
    }
    expect((await editor.agent.get(`/api/posts/${id}`)).body.authors).toEqual([editor.user._id]);
  });

  it("lists who can have a byline, for staff only", async () => {
    const list = await editor.agent.get("/api/authors");
    expect(list.status).toBe(200);
    const names = list.body.map((choice: { name: string }) => choice.name);
    expect(names).toEqual(expect.arrayContaining(["Eddie Editor", "Fran Freelance", "Cole Columnist"]));
    const reader = await signUp(context.app, { name: "Rita Reader" });
    expect(names).not.toContain("Rita Reader");
    expect((await reader.agent.get("/api/authors")).status).toBe(403);
  });
});
