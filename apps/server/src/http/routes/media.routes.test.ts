import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { UPLOAD_MAX_BYTES } from "@broadsheet/domain";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../rate-limits";
import { signUp, TestAgent } from "../../testing/test-agent";
import { useTestApp } from "../../testing/test-app";
import { testDatabaseKind } from "../../testing/test-database";

const context = useTestApp();
let uploader: TestAgent;
let uploaderId: string;

beforeAll(async () => {
  const { agent, user } = await signUp(context.app);
  uploader = agent;
  uploaderId = user._id;
});

interface UploadAnswer {
  url: string;
  secure_url: string;
  width: number;
  height: number;
  message?: string;
}

function blankImage(width: number, height: number, background = "#c00") {
  return sharp({ create: { width, height, channels: 3, background } });
}

function uploadForm(bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  return form;
}

function upload(form: FormData, headers?: Record<string, string>, agent: TestAgent = uploader) {
  return agent.post<UploadAnswer>("/api/media", form, headers);
}

/** A tiny real PNG whose IHDR is rewritten to claim other dimensions (a decompression bomb's header). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await blankImage(8, 8).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function storedBytes(url: string): Promise<Buffer> {
  const response = await context.app.request(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function countMediaRows(url: string): Promise<number> {
  const key = url.replace("/media/", "").replace(".webp", "");
  const result = await context.database.db.execute(sql`select count(*)::int as n from media where key = ${key}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

describe(`POST /api/media on ${testDatabaseKind()}`, () => {
  it("refuses a reader who is not logged in", async () => {
    const png = await blankImage(40, 30).png().toBuffer();
    const response = await upload(uploadForm(png, "x.png", "image/png"), {}, new TestAgent(context.app));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Please log in to continue");
  });

  it("stores a PNG as WebP and answers its URL and size", async () => {
    const png = await blankImage(300, 200).png().toBuffer();
    const response = await upload(uploadForm(png, "x.png", "image/png"));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      url: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webp$/),
      secure_url: response.body.url,
      width: 300,
      height: 200,
    });
    const stored = await sharp(await storedBytes(response.body.url)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["webp", 300, 200]);
  });

  it("stores the same image once and answers the same URL both times", async () => {
    const png = await blankImage(120, 80, "#0a0").png().toBuffer();
    const first = await upload(uploadForm(png, "a.png", "image/png"));
    const second = await upload(uploadForm(png, "b.png", "image/png"));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.url).toBe(first.body.url);
    expect(await countMediaRows(first.body.url)).toBe(1);
  });

  it("applies the EXIF orientation and strips EXIF and GPS from the stored file", async () => {
    const jpeg = await blankImage(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Copyright: "Secret Photographer" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await upload(uploadForm(jpeg, "phone.jpg", "image/jpeg"));
    expect(response.status).toBe(201);
    expect([response.body.width, response.body.height]).toEqual([200, 300]);
    const bytes = await storedBytes(response.body.url);
    const stored = await sharp(bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(bytes.toString("latin1")).not.toContain("Secret Photographer");
  });

  it("caps the stored width at 2000 px, keeping the aspect ratio", async () => {
    const png = await blankImage(2400, 1200).png().toBuffer();
    const response = await upload(uploadForm(png, "wide.png", "image/png"));
    expect(response.status).toBe(201);
    expect([response.body.width, response.body.height]).toEqual([2000, 1000]);
    const stored = await sharp(await storedBytes(response.body.url)).metadata();
    expect(stored.width).toBe(2000);
  });

  it("keeps only the first frame of an animated GIF", async () => {
    const stills = await Promise.all(
      ["#f00", "#0f0", "#00f"].map((colour) => blankImage(20, 20, colour).png().toBuffer()),
    );
    const frames = await sharp(stills, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(frames).metadata()).pages).toBe(3);
    const response = await upload(uploadForm(frames, "spin.gif", "image/gif"));
    expect(response.status).toBe(201);
    expect([response.body.width, response.body.height]).toEqual([20, 20]);
  });

  it("refuses a text file named .png with 415", async () => {
    const text = Buffer.from("just some text, not an image at all");
    const response = await upload(uploadForm(text, "x.png", "image/png"));
    expect(response.status).toBe(415);
    expect(response.body.message).toBe("Only PNG, JPEG, WebP or GIF images can be uploaded");
  });

  it("refuses an SVG even though it is an image sharp can read", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
    const response = await upload(uploadForm(svg, "logo.png", "image/png"));
    expect(response.status).toBe(415);
  });

  it("goes by the bytes, not the declared type or file name", async () => {
    const png = await blankImage(50, 40, "#fa0").png().toBuffer();
    const response = await upload(uploadForm(png, "clip.gif", "image/gif", { purpose: "profile" }));
    expect(response.status).toBe(201);
    expect(response.body.width).toBe(50);
  });

  it("refuses a file over 10 MB with 413 before trying to decode it", async () => {
    const noise = randomBytes(UPLOAD_MAX_BYTES + 1);
    const response = await upload(uploadForm(noise, "huge.png", "image/png"));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("Images can be at most 10 MB");
  });

  it("refuses a request body far over the limit even when the file itself is small", async () => {
    const png = await blankImage(30, 30).png().toBuffer();
    const form = uploadForm(png, "x.png", "image/png", { padding: "x".repeat(UPLOAD_MAX_BYTES + 100 * 1024) });
    const response = await upload(form);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("Images can be at most 10 MB");
  });

  it("refuses an image over 40 megapixels with 413", async () => {
    const png = await blankImage(8000, 5001).png({ compressionLevel: 1 }).toBuffer();
    expect(png.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const response = await upload(uploadForm(png, "big.png", "image/png"));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("Images can be at most 40 megapixels");
  });

  it("refuses by the header alone a small file that claims enormous dimensions", async () => {
    const response = await upload(uploadForm(await pngClaiming(100_000, 100_000), "bomb.png", "image/png"));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("Images can be at most 40 megapixels");
  });

  it("accepts only JPEG and PNG as a profile photo", async () => {
    const gif = await blankImage(40, 40).gif().toBuffer();
    const webp = await blankImage(40, 40).webp().toBuffer();
    for (const [bytes, name] of [
      [gif, "me.gif"],
      [webp, "me.webp"],
    ] as const) {
      const refused = await upload(uploadForm(bytes, name, "image/png", { purpose: "profile" }));
      expect(refused.status).toBe(415);
      expect(refused.body.message).toBe("Profile photo must be a JPEG or PNG image");
    }
    const png = await blankImage(40, 40, "#123").png().toBuffer();
    const jpeg = await blankImage(40, 40, "#456").jpeg().toBuffer();
    for (const [bytes, name, type] of [
      [png, "me.png", "image/png"],
      [jpeg, "me.jpg", "image/jpeg"],
    ] as const) {
      expect((await upload(uploadForm(bytes, name, type, { purpose: "profile" }))).status).toBe(201);
    }
    // Without the profile purpose the same GIF is a fine article image.
    expect((await upload(uploadForm(gif, "me.gif", "image/gif"))).status).toBe(201);
  });

  it("names the allowed formats when a caller narrows them without its own message", async () => {
    const gif = await blankImage(10, 10).gif().toBuffer();
    await expect(
      context.app.services.media.uploadImage(gif, { uploaderId, allowedFormats: ["png", "jpeg"] }),
    ).rejects.toMatchObject({ status: 415, message: "Only PNG or JPEG images can be uploaded here" });
  });

  it("asks for an image when the form has no file", async () => {
    const withoutFile = new FormData();
    withoutFile.append("purpose", "profile");
    const asText = new FormData();
    asText.append("file", "not a file");
    for (const form of [withoutFile, asText]) {
      const response = await upload(form);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Please choose an image to upload");
    }
  });

  it("refuses two files in one request", async () => {
    const png = await blankImage(10, 10).png().toBuffer();
    const form = uploadForm(png, "a.png", "image/png");
    form.append("file", new File([new Uint8Array(png)], "b.png", { type: "image/png" }));
    const response = await upload(form);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Please choose an image to upload");
  });

  it("answers 400, not 500, to a broken multipart body", async () => {
    const response = await uploader.post("/api/media", "--nope\r\ngarbage", {
      "content-type": "multipart/form-data; boundary=boundary",
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The upload could not be read. Please try again.");
  });

  it("answers 429 once an address has used its upload allowance", async () => {
    const ip = "203.0.113.77";
    const rule = RATE_LIMITS.uploadsPerClient;
    await context.app.services.rateLimiter.set(rule, ip, rule.points - 1);
    const png = await blankImage(10, 10, "#321").png().toBuffer();
    const last = await upload(uploadForm(png, "x.png", "image/png"), { "x-forwarded-for": ip });
    expect(last.status).toBe(201);
    const refused = await upload(uploadForm(png, "x.png", "image/png"), { "x-forwarded-for": ip });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/too many requests/i);
    const otherAddress = await upload(uploadForm(png, "x.png", "image/png"), { "x-forwarded-for": "203.0.113.78" });
    expect(otherAddress.status).toBe(201);
  });
});

describe(`GET /media/{key} on ${testDatabaseKind()}`, () => {
  let url: string;
  let etag: string;

  beforeAll(async () => {
    const png = await blankImage(64, 48, "#369").png().toBuffer();
    url = (await upload(uploadForm(png, "x.png", "image/png"))).body.url;
    etag = `"${url.slice("/media/".length, -".webp".length)}"`;
  });

  it("serves the WebP bytes, cacheable forever and embeddable from other sites", async () => {
    const response = await context.app.request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("etag")).toBe(etag);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
  });

  it("serves the same file by its bare key", async () => {
    const bare = url.replace(".webp", "");
    const response = await context.app.request(bare);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
  });

  it("answers 304 without a body when the browser already has the file", async () => {
    const response = await context.app.request(url, { headers: { "if-none-match": etag } });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe("");
    const stale = await context.app.request(url, { headers: { "if-none-match": `"${"0".repeat(64)}"` } });
    expect(stale.status).toBe(200);
  });

  it("answers 404 JSON for an unknown or malformed key", async () => {
    for (const path of [`/media/${"a".repeat(64)}.webp`, "/media/not-a-key.webp", `/media/${"a".repeat(64)}.png`]) {
      const response = await context.app.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Image not found" });
    }
  });
});

describe("GET /media/{key}.webp?w= (srcset widths)", () => {
  it("serves the image resized to an allowed width, never wider than stored, and refuses other widths", async () => {
    const png = await blankImage(1200, 800).png().toBuffer();
    const response = await upload(uploadForm(png, "wide.png", "image/png"));
    expect(response.status).toBe(201);
    const url: string = response.body.url;

    const small = await context.app.request(`${url}?w=640`);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect(small.headers.get("cache-control")).toContain("immutable");
    expect(small.headers.get("etag")).not.toBe((await context.app.request(url)).headers.get("etag"));
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([640, 427]);

    const wide = await context.app.request(`${url}?w=1280`);
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(1200);

    const odd = await context.app.request(`${url}?w=333`);
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { message: string }).message).toMatch(/Width must be one of/);
    expect((await context.app.request(`/media/${"0".repeat(64)}.webp?w=640`)).status).toBe(404);
  });
});
