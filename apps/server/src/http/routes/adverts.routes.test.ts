import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { adverts, media } from "../../db/schema";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);
const IMAGE = `/media/${"c".repeat(64)}.webp`;
const OTHER_IMAGE = "https://images.example.com/banner.png";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

const MESSAGES = {
  login: "Please log in to continue",
  staff: "Only editors and admins can do this",
  link: "Link must be a URL starting with http:// or https://",
  placement: "Please choose a placement: Advert Top, Advert Main or Advert Main2",
  image: "Please add an image",
  tooManyImages: "An advert can have at most 5 images",
  imageInvalid: "Images must be uploaded to this site or be https URLs",
  notFound: "Advert not found",
  deleted: "Add deleted successfully",
  malformedJson: "The request body is not valid JSON",
};

let editor: TestAgent;
let admin: TestAgent;
let reader: TestAgent;

beforeAll(async () => {
  // IMAGE names a stored upload: an advert's images of this site must exist.
  const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#c0c0c0" } })
    .webp()
    .toBuffer();
  await context.database.db
    .insert(media)
    .values({ key: "c".repeat(64), mime: "image/webp", size: bytes.length, width: 4, height: 4, bytes });
  editor = (await signUp(context.app, { role: "editor" })).agent;
  admin = (await signUp(context.app, { role: "admin" })).agent;
  reader = (await signUp(context.app, { role: "user" })).agent;
});

const advertBody = (overrides: Record<string, unknown> = {}) => ({
  link: "https://shop.example.com/sale",
  category: "Advert Main",
  content: "<p>Big <strong>sale</strong></p>",
  image: [IMAGE],
  ...overrides,
});

interface AdvertJson {
  _id: string;
  link: string;
  category: string;
  content: string;
  image: string[];
  createdAt: string;
  updatedAt: string;
}

async function createAdvert(overrides: Record<string, unknown> = {}): Promise<AdvertJson> {
  const response = await editor.post("/api/adverts", advertBody(overrides));
  expect(response.status).toBe(201);
  return response.body;
}

async function advertRowCount(): Promise<number> {
  const [row] = await context.database.db.select({ total: count() }).from(adverts);
  return row?.total ?? 0;
}

async function mediaRowCount(): Promise<number> {
  const [row] = await context.database.db.select({ total: count() }).from(media);
  return row?.total ?? 0;
}

const png = (background = "#345") =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();

describe(`POST /api/adverts on ${testDatabaseKind()}`, () => {
  it("creates an advert for an editor with 201 and answers it, without a message field", async () => {
    const response = await editor.post("/api/adverts", advertBody({ link: "  https://shop.example.com/sale  " }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      link: "https://shop.example.com/sale",
      category: "Advert Main",
      content: "<p>Big <strong>sale</strong></p>",
      image: [IMAGE],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await context.database.db.select().from(adverts).where(eq(adverts.id, response.body._id));
    expect(row?.placement).toBe("Advert Main");
    expect(row?.images).toEqual([IMAGE]);
  });

  it("lets an admin create one too, with no link and up to five images", async () => {
    const images = [IMAGE, OTHER_IMAGE, `${OTHER_IMAGE}?2`, `${OTHER_IMAGE}?3`, `${OTHER_IMAGE}?4`];
    const response = await admin.post("/api/adverts", { category: "Advert Top", image: images });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ link: "", category: "Advert Top", content: "", image: images });
  });

  it("refuses an anonymous visitor with 401 and a reader with 403, before looking at the body", async () => {
    const before = await advertRowCount();
    const anonymousResponse = await anonymous().post("/api/adverts", advertBody());
    expect(anonymousResponse.status).toBe(401);
    expect(anonymousResponse.body).toEqual({ message: MESSAGES.login });
    const readerResponse = await reader.post("/api/adverts", advertBody());
    expect(readerResponse.status).toBe(403);
    expect(readerResponse.body).toEqual({ message: MESSAGES.staff });
    // An invalid body still answers the permission refusal, not a validation message.
    expect((await anonymous().post("/api/adverts", {})).status).toBe(401);
    expect((await reader.post("/api/adverts", "{not json")).status).toBe(403);
    const form = new FormData();
    form.append("image", new File([await png()], "a.png", { type: "image/png" }));
    expect((await reader.post("/api/adverts", form)).status).toBe(403);
    expect(await advertRowCount()).toBe(before);
  });

  it.each([
    ["no image", { image: undefined }, MESSAGES.image],
    ["an empty image list", { image: [] }, MESSAGES.image],
    ["an image that is not a list", { image: 42 }, MESSAGES.image],
    [
      "six images",
      { image: Array.from({ length: 6 }, (_, index) => `${OTHER_IMAGE}?${index}`) },
      MESSAGES.tooManyImages,
    ],
    ["an image on plain http", { image: ["http://images.example.com/a.png"] }, MESSAGES.imageInvalid],
    ["a javascript: link", { link: "javascript:alert(1)" }, MESSAGES.link],
    ["an ftp link", { link: "ftp://files.example.com/x" }, MESSAGES.link],
    ["a link that is no URL", { link: "shop dot example" }, MESSAGES.link],
    ["no placement", { category: undefined }, MESSAGES.placement],
    ["an unknown placement", { category: "Advert Bottom" }, MESSAGES.placement],
    ["a post category as placement", { category: "Technology" }, MESSAGES.placement],
  ])("answers 400 for %s", async (_label, overrides, message) => {
    const before = await advertRowCount();
    const response = await editor.post("/api/adverts", advertBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await advertRowCount()).toBe(before);
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await editor.post("/api/adverts", '{"category": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.malformedJson });
  });

  it.each([
    ["<script>", '<p>Hi</p><script>alert("x")</script>', /<script|alert/i],
    ["onerror=", '<img src="https://images.example.com/a.png" onerror="alert(1)">', /onerror/i],
    ["javascript: links", '<a href="javascript:alert(1)">click</a>', /javascript:/i],
    ["mixed-case JaVaScRiPt: links", '<a href="JaVaScRiPt:alert(1)">click</a>', /javascript:/i],
    ["iframes", '<iframe src="https://evil.example"></iframe><p>x</p>', /<iframe/i],
    ["inline handlers and styles", '<p onclick="alert(1)" style="color:red">x</p>', /onclick|style=/i],
  ])("strips %s from the content", async (_label, payload, forbidden) => {
    const advert = await createAdvert({ content: payload });
    expect(advert.content).not.toMatch(forbidden);
    const stored = await anonymous().get(`/api/adverts/${advert._id}`);
    expect(stored.body.content).toBe(advert.content);
    expect(stored.body.content).not.toMatch(forbidden);
  });

  it("keeps safe formatting and makes links safe", async () => {
    const advert = await createAdvert({
      content: '<h2>Sale</h2><p><em>Now</em></p><a href="https://shop.example.com" target="_blank">Shop</a>',
    });
    expect(advert.content).toContain("<h2>Sale</h2>");
    expect(advert.content).toContain("<em>Now</em>");
    expect(advert.content).toContain('href="https://shop.example.com"');
    expect(advert.content).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe("multipart adverts", () => {
  it("uploads png and gif files first and keeps the order of files and URLs", async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#a00" } })
      .gif()
      .toBuffer();
    const form = new FormData();
    form.set("category", "Advert Top");
    form.set("link", "https://shop.example.com");
    form.set("content", "<p>Form</p><script>alert(1)</script>");
    form.append("image", new File([await png("#123")], "banner.png", { type: "image/png" }));
    form.append("image", IMAGE);
    form.append("image", new File([gif], "banner.gif", { type: "image/gif" }));
    const response = await editor.post("/api/adverts", form);
    expect(response.status).toBe(201);
    expect(response.body.category).toBe("Advert Top");
    expect(response.body.content).toBe("<p>Form</p>");
    expect(response.body.image).toHaveLength(3);
    expect(response.body.image[0]).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    expect(response.body.image[1]).toBe(IMAGE);
    expect(response.body.image[2]).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
    expect(response.body.image[2]).not.toBe(response.body.image[0]);
    const served = await anonymous().get(response.body.image[0]);
    expect(served.status).toBe(200);
  });

  it("accepts a JSON array of URLs in the image field", async () => {
    const form = new FormData();
    form.set("category", "Advert Main2");
    form.set("image", JSON.stringify([IMAGE, OTHER_IMAGE]));
    const response = await editor.post("/api/adverts", form);
    expect(response.status).toBe(201);
    expect(response.body.image).toEqual([IMAGE, OTHER_IMAGE]);
  });

  it("answers 'Please add an image' for a form without images", async () => {
    const form = new FormData();
    form.set("category", "Advert Main");
    const response = await editor.post("/api/adverts", form);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.image });
  });

  it("checks the other fields before storing any file", async () => {
    const before = await mediaRowCount();
    const form = new FormData();
    form.set("category", "Advert Nowhere");
    form.append("image", new File([await png("#987")], "banner.png", { type: "image/png" }));
    const response = await editor.post("/api/adverts", form);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: MESSAGES.placement });
    expect(await mediaRowCount()).toBe(before);

    const badLink = new FormData();
    badLink.set("category", "Advert Main");
    badLink.set("link", "javascript:alert(1)");
    badLink.append("image", new File([await png("#654")], "banner.png", { type: "image/png" }));
    const linkResponse = await editor.post("/api/adverts", badLink);
    expect(linkResponse.body).toEqual({ message: MESSAGES.link });
    expect(await mediaRowCount()).toBe(before);
  });

  it("refuses a file that is not an image with 415", async () => {
    const before = await advertRowCount();
    const form = new FormData();
    form.set("category", "Advert Main");
    form.append("image", new File(["<svg onload=alert(1)></svg>"], "x.png", { type: "image/png" }));
    const response = await editor.post("/api/adverts", form);
    expect(response.status).toBe(415);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await advertRowCount()).toBe(before);
  });
});

describe("GET /api/adverts", () => {
  const PLACEMENTS = ["Advert Top", "Advert Main", "Advert Main2"] as const;
  let topIds: string[];

  beforeAll(async () => {
    // Spaced creation times, so "newest first" has one right answer.
    const base = Date.UTC(2030, 0, 1);
    const rows = await context.database.db
      .insert(adverts)
      .values(
        Array.from({ length: 9 }, (_, index) => ({
          placement: PLACEMENTS[index % 3] ?? "Advert Top",
          content: `<p>listed ${index}</p>`,
          images: [IMAGE],
          createdAt: new Date(base + index * 60_000),
        })),
      )
      .returning({ id: adverts.id, placement: adverts.placement });
    topIds = rows
      .filter((row) => row.placement === "Advert Top")
      .map((row) => row.id)
      .reverse();
  });

  const countOf = async (placement: (typeof PLACEMENTS)[number]) => {
    const [row] = await context.database.db
      .select({ total: count() })
      .from(adverts)
      .where(eq(adverts.placement, placement));
    return row?.total ?? 0;
  };

  it("filters by placement, newest first, limited", async () => {
    const response = await anonymous().get("/api/adverts?category=Advert%20Top&limit=2");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, limit: 2, total: await countOf("Advert Top") });
    expect(response.body.items).toHaveLength(2);
    expect(response.body.items.map((item: AdvertJson) => item._id)).toEqual(topIds.slice(0, 2));
    for (const item of response.body.items) expect(item.category).toBe("Advert Top");

    const main = await anonymous().get("/api/adverts?category=Advert%20Main&limit=50");
    expect(main.body.total).toBe(await countOf("Advert Main"));
    expect(main.body.items.every((item: AdvertJson) => item.category === "Advert Main")).toBe(true);
  });

  it("answers the advert shape in lists", async () => {
    const response = await anonymous().get("/api/adverts?category=Advert%20Top&limit=1");
    expect(Object.keys(response.body.items[0]).sort()).toEqual(
      ["_id", "category", "content", "createdAt", "image", "link", "updatedAt"].sort(),
    );
  });

  it("pages through a placement", async () => {
    const second = await anonymous().get("/api/adverts?category=Advert%20Top&limit=2&page=2");
    expect(second.body.page).toBe(2);
    expect(second.body.items[0]._id).toBe(topIds[2]);
  });

  it("lists every placement for no category or All, with the default and maximum limits", async () => {
    const all = await anonymous().get("/api/adverts");
    expect(all.body.limit).toBe(10);
    expect(all.body.total).toBe(await advertRowCount());
    expect(new Set(all.body.items.map((item: AdvertJson) => item.category)).size).toBeGreaterThan(1);
    expect((await anonymous().get("/api/adverts?category=All")).body.total).toBe(await advertRowCount());
    expect((await anonymous().get("/api/adverts?limit=50")).body.limit).toBe(50);
  });

  it.each([
    ["category=Advert%20Bottom", 'category must be one of: Advert Top, Advert Main, Advert Main2, All, ""'],
    ["limit=500", "limit must be a whole number from 1 to 50"],
    ["limit=nonsense", "limit must be a whole number from 1 to 50"],
    ["page=0", "page must be a whole number from 1 to 1000000"],
  ])("refuses %s with 400, as the OpenAPI document says", async (query, message) => {
    const response = await anonymous().get(`/api/adverts?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("refuses an image of this site that is not stored, with 404, on create and update", async () => {
    const missing = `/media/${"d".repeat(64)}.webp`;
    const created = await editor.post("/api/adverts", advertBody({ image: [OTHER_IMAGE, missing] }));
    expect(created.status).toBe(404);
    expect(created.body).toEqual({ message: `No image is stored at this address: ${missing}` });
    const advert = await createAdvert();
    const updated = await editor.patch(`/api/adverts/${advert._id}`, advertBody({ image: [missing] }));
    expect(updated.status).toBe(404);
    expect((await anonymous().get(`/api/adverts/${advert._id}`)).body.image).toEqual([IMAGE]);
  });
});

describe("GET, PATCH and DELETE /api/adverts/{id}", () => {
  it("gets one advert publicly", async () => {
    const advert = await createAdvert({ category: "Advert Main2" });
    const response = await anonymous().get(`/api/adverts/${advert._id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(advert);
  });

  it.each([["not-a-uuid"], [MISSING_ID], ["1' or '1'='1"]])("answers 404 for %s", async (id) => {
    const response = await anonymous().get(`/api/adverts/${encodeURIComponent(id)}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: MESSAGES.notFound });
  });

  it("updates an advert for staff, re-sanitising the content and moving updatedAt", async () => {
    const advert = await createAdvert();
    const response = await admin.patch(
      `/api/adverts/${advert._id}`,
      advertBody({ category: "Advert Top", link: "", content: "<p onmouseover=x>New</p>", image: [OTHER_IMAGE] }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: advert._id,
      category: "Advert Top",
      link: "",
      content: "<p>New</p>",
      image: [OTHER_IMAGE],
      createdAt: advert.createdAt,
    });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(advert.updatedAt));
    expect((await anonymous().get(`/api/adverts/${advert._id}`)).body).toEqual(response.body);
  });

  it("updates from a multipart form", async () => {
    const advert = await createAdvert();
    const form = new FormData();
    form.set("category", "Advert Main2");
    form.append("image", new File([await png("#0f0")], "b.png", { type: "image/png" }));
    const response = await editor.patch(`/api/adverts/${advert._id}`, form);
    expect(response.status).toBe(200);
    expect(response.body.category).toBe("Advert Main2");
    expect(response.body.image[0]).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
  });

  it("validates an update like a creation", async () => {
    const advert = await createAdvert();
    const cases: [Record<string, unknown>, string][] = [
      [{ image: [] }, MESSAGES.image],
      [{ link: "mailto:x@example.com" }, MESSAGES.link],
      [{ category: "" }, MESSAGES.placement],
    ];
    for (const [overrides, message] of cases) {
      const response = await editor.patch(`/api/adverts/${advert._id}`, advertBody(overrides));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
    }
    expect((await anonymous().get(`/api/adverts/${advert._id}`)).body).toEqual(advert);
  });

  it("answers 404 when updating a missing advert", async () => {
    for (const id of [MISSING_ID, "nope"]) {
      const response = await editor.patch(`/api/adverts/${id}`, advertBody());
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: MESSAGES.notFound });
    }
  });

  it("refuses updates from anonymous (401) and readers (403), before the body", async () => {
    const advert = await createAdvert();
    const anonymousResponse = await anonymous().patch(`/api/adverts/${advert._id}`, advertBody({ link: "" }));
    expect(anonymousResponse.status).toBe(401);
    expect(anonymousResponse.body).toEqual({ message: MESSAGES.login });
    const readerResponse = await reader.patch(`/api/adverts/${advert._id}`, advertBody({ link: "" }));
    expect(readerResponse.status).toBe(403);
    expect(readerResponse.body).toEqual({ message: MESSAGES.staff });
    expect((await anonymous().patch(`/api/adverts/${advert._id}`, {})).status).toBe(401);
    expect((await reader.patch(`/api/adverts/${advert._id}`, {})).status).toBe(403);
    expect((await anonymous().get(`/api/adverts/${advert._id}`)).body).toEqual(advert);
  });

  it("deletes for an editor and an admin with the product's message", async () => {
    for (const agent of [editor, admin]) {
      const advert = await createAdvert();
      const response = await agent.delete(`/api/adverts/${advert._id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: MESSAGES.deleted });
      expect((await anonymous().get(`/api/adverts/${advert._id}`)).status).toBe(404);
      const again = await agent.delete(`/api/adverts/${advert._id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: MESSAGES.notFound });
    }
    expect((await editor.delete("/api/adverts/not-a-uuid")).status).toBe(404);
  });

  it("refuses deletion to anonymous (401) and readers (403)", async () => {
    const advert = await createAdvert();
    const anonymousResponse = await anonymous().delete(`/api/adverts/${advert._id}`);
    expect(anonymousResponse.status).toBe(401);
    expect(anonymousResponse.body).toEqual({ message: MESSAGES.login });
    const readerResponse = await reader.delete(`/api/adverts/${advert._id}`);
    expect(readerResponse.status).toBe(403);
    expect(readerResponse.body).toEqual({ message: MESSAGES.staff });
    expect((await anonymous().get(`/api/adverts/${advert._id}`)).status).toBe(200);
  });

  it("refuses a cross-site write even from staff", async () => {
    const response = await editor.post("/api/adverts", advertBody(), { "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
  });
});
