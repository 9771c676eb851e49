import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../testing/fixtures";
import { signUp } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

/* docs/product/media-library.md: Admin → Media's calls. */

const context = useTestApp();
type Account = Awaited<ReturnType<typeof signUp>>;
let editor: Account;
let admin: Account;
let category: string;

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor", name: "Mira Media" });
  admin = await signUp(context.app, { role: "admin" });
  category = (await insertCategory(context.database.db)).name;
});

/** Uploads a real PNG of one colour; answers its URL and key. */
async function upload(colour: string, account: Account = editor): Promise<{ url: string; key: string }> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(png)], `${colour}.png`, { type: "image/png" }));
  const response = await account.agent.post<{ url: string }>("/api/media", form);
  expect(response.status).toBe(201);
  const key = response.body.url.match(/([0-9a-f]{64})/)?.[1] ?? "";
  return { url: response.body.url, key };
}

async function item(key: string) {
  const list = await editor.agent.get(`/api/media?limit=50`);
  expect(list.status).toBe(200);
  return list.body.items.find((entry: { id: string }) => entry.id === key);
}

describe(`/api/media (the library) on ${testDatabaseKind()}`, () => {
  it("lists images newest first with size, uploader and where each is used, kept up to date as posts change", async () => {
    const cover = await upload("#123456");
    const inline = await upload("#654321");
    const fresh = await item(inline.key);
    expect(fresh).toMatchObject({
      url: inline.url,
      thumbnailUrl: `${inline.url}?w=320`,
      mime: "image/webp",
      width: 64,
      height: 48,
      alt: "",
      uploadedBy: { id: editor.user._id, name: "Mira Media" },
      usedIn: [],
    });
    expect(fresh.size).toBeGreaterThan(0);

    const created = await editor.agent.post("/api/posts", {
      title: "The reef at night",
      category,
      content: `<p>Dark water.</p><figure><img src="${inline.url}" alt="Coral"></figure>`,
      image: [cover.url],
      isPublished: true,
    });
    expect(created.status).toBe(201);
    const postId = created.body._id;
    expect((await item(cover.key)).usedIn).toEqual([
      { kind: "post", id: postId, title: "The reef at night", url: `/admin/edit-post/${postId}` },
    ]);
    expect((await item(inline.key)).usedIn).toHaveLength(1);

    // Taken out of the body: no longer used there.
    const edited = await editor.agent.patch(`/api/posts/${postId}`, {
      title: "The reef at night",
      category,
      content: "<p>Dark water, no pictures.</p>",
      image: [cover.url],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await item(inline.key)).usedIn).toEqual([]);
    const unused = await editor.agent.get("/api/media?used=unused&limit=50");
    expect(unused.body.items.map((entry: { id: string }) => entry.id)).toContain(inline.key);
    expect(unused.body.items.map((entry: { id: string }) => entry.id)).not.toContain(cover.key);

    // The site's logo counts too.
    expect((await admin.agent.patch("/api/settings", { logo: inline.url })).status).toBe(200);
    expect((await item(inline.key)).usedIn).toEqual([
      { kind: "settings", id: "1", title: "Settings", url: "/admin/settings" },
    ]);
    expect((await admin.agent.patch("/api/settings", { logo: "" })).status).toBe(200);
  });

  it("sets alt text and caption once, found by search", async () => {
    const image = await upload("#0a7f3c");
    const saved = await editor.agent.patch(`/api/media/${image.key}`, {
      alt: "  A green lighthouse door  ",
      caption: "Photo: the keeper",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: image.key, alt: "A green lighthouse door", caption: "Photo: the keeper" });
    const found = await editor.agent.get("/api/media?q=lighthouse%20door");
    expect(found.body.items.map((entry: { id: string }) => entry.id)).toEqual([image.key]);

    expect((await editor.agent.patch(`/api/media/${image.key}`, {})).status).toBe(400);
    expect((await editor.agent.patch(`/api/media/${image.key}`, { alt: "x".repeat(301) })).status).toBe(400);
    expect((await editor.agent.patch(`/api/media/${"0".repeat(64)}`, { alt: "Nothing" })).status).toBe(404);
  });

  it("refuses to delete an image in use (409 with the places) unless forced; an unused one goes at once", async () => {
    const image = await upload("#aa00aa");
    const created = await editor.agent.post("/api/posts", {
      title: "Purple patch",
      category,
      content: "<p>Text.</p>",
      image: [image.url],
    });
    const refused = await editor.agent.delete(`/api/media/${image.key}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This image is in use; delete it anyway to break those places");
    expect(refused.body.usedIn).toEqual([
      expect.objectContaining({ kind: "post", id: created.body._id, title: "Purple patch" }),
    ]);
    expect((await context.app.request(image.url)).status).toBe(200);

    const forced = await editor.agent.delete(`/api/media/${image.key}?force=true`);
    expect(forced.status).toBe(200);
    expect(forced.body.usedIn).toHaveLength(1);
    expect((await context.app.request(image.url)).status).toBe(404);

    const spare = await upload("#00aaaa");
    expect((await editor.agent.delete(`/api/media/${spare.key}`)).status).toBe(200);
    expect((await editor.agent.delete(`/api/media/${spare.key}`)).status).toBe(404);
  });

  it("is for staff only", async () => {
    const reader = await signUp(context.app);
    expect((await reader.agent.get("/api/media")).status).toBe(403);
    expect((await reader.agent.patch(`/api/media/${"0".repeat(64)}`, { alt: "x" })).status).toBe(403);
    expect((await reader.agent.delete(`/api/media/${"0".repeat(64)}`)).status).toBe(403);
  });
});
