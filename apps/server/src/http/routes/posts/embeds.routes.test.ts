import http from "node:http";
import type { AddressInfo } from "node:net";
import { frameOrigins } from "@broadsheet/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * Embeds (decision 077) through the API: a paragraph holding only a provider's address is stored as
 * the placeholder element, its title and still asked of the provider at save time. There is no
 * internet here: every oEmbed request goes to this file's server (EMBED_OEMBED_ENDPOINT), which
 * answers as the provider would, or never (SILENT_ID) to stand for a provider that cannot be reached.
 */
const VIDEO_ID = "dQw4w9WgXcQ";
const SILENT_ID = "silent00001";
const oembedQueries: string[] = [];
const still = await sharp({ create: { width: 48, height: 27, channels: 3, background: "#c03030" } })
  .jpeg()
  .toBuffer();

const provider = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://provider.test");
  if (url.pathname === "/still.jpg") {
    response.writeHead(200, { "content-type": "image/jpeg" }).end(still);
    return;
  }
  const asked = url.searchParams.get("url") ?? "";
  oembedQueries.push(asked);
  // A provider that cannot be reached: the request is held until the test ends.
  if (asked.includes(SILENT_ID)) return;
  response.writeHead(200, { "content-type": "application/json" }).end(
    JSON.stringify({
      type: "video",
      version: "1.0",
      title: "Never <b>gonna</b> give you up",
      thumbnail_url: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/still.jpg`,
    }),
  );
});
await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
const endpoint = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/oembed`;
const LOOKUP_TIMEOUT_MS = 800;

const context = useTestApp({
  pages: true,
  env: {
    EMBED_OEMBED_ENDPOINT: endpoint,
    EMBED_FETCH_PRIVATE_ADDRESSES: "true",
    EMBED_LOOKUP_TIMEOUT_MS: String(LOOKUP_TIMEOUT_MS),
  },
});

let editor: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  editor = await signUp(context.app, { role: "editor" });
  await insertCategory(context.database.db, "Technology");
});

afterAll(async () => {
  provider.closeAllConnections();
  await new Promise((resolve) => provider.close(resolve));
});

const post = (content: string) => ({
  title: `Embeds ${Math.random()}`,
  link: "",
  category: "Technology",
  content,
  image: [`/media/${"b".repeat(64)}.webp`],
});

const attribute = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

describe(`embeds on ${testDatabaseKind()}`, () => {
  it("stores a YouTube address on its own line as the placeholder, with the provider's title and a stored still", async () => {
    const created = await editor.agent.post(
      "/api/posts",
      post(`<p>Watch this.</p><p>https://www.youtube.com/watch?v=${VIDEO_ID}</p>`),
    );
    expect(created.status).toBe(201);
    const content: string = created.body.content;
    expect(content).toMatch(/^<p>Watch this\.<\/p><figure class="embed embed-video" data-embed="youtube"/);
    expect(attribute(content, "data-url")).toBe(`https://www.youtube.com/watch?v=${VIDEO_ID}`);
    expect(attribute(content, "data-title")).toBe("Never &lt;b&gt;gonna&lt;/b&gt; give you up");
    expect(content).toContain(">Load YouTube video</button>");
    expect(content).toContain(
      `<a href="https://www.youtube.com/watch?v=${VIDEO_ID}" rel="noopener noreferrer nofollow">Open on YouTube</a>`,
    );
    expect(content).not.toMatch(/<iframe|youtube-nocookie|<script/);
    expect(oembedQueries).toContain(`https://www.youtube.com/watch?v=${VIDEO_ID}`);

    const thumbnail = attribute(content, "data-thumbnail") ?? "";
    expect(thumbnail).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const stored = await new TestAgent(context.app).get(thumbnail);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/webp");
  });

  it("stores a body that is only a YouTube address, whatever its video id, as the embed element", async () => {
    const created = await editor.agent.post("/api/posts", post("<p>https://www.youtube.com/watch?v=XXXX</p>"));
    expect(created.status).toBe(201);
    expect(created.body.content).toMatch(
      /^<figure class="embed embed-video" data-embed="youtube" data-url="https:\/\/www\.youtube\.com\/watch\?v=XXXX"/,
    );
    const fetched = await new TestAgent(context.app).get(`/api/posts/${created.body.slug}`);
    expect(fetched.body.content).toBe(created.body.content);
  });

  it("converts on PATCH too, and a second save asks the provider nothing again", async () => {
    const created = await editor.agent.post("/api/posts", post("<p>Nothing yet.</p>"));
    const asked = oembedQueries.length;
    const url = "https://vimeo.com/76979871";
    const patched = await editor.agent.patch(`/api/posts/${created.body._id}`, {
      ...post(`<p>Nothing yet.</p><p><a href="${url}">${url}</a></p>`),
      title: created.body.title,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.content).toContain('data-embed="vimeo"');
    expect(oembedQueries.length).toBe(asked + 1);

    const again = await editor.agent.patch(`/api/posts/${created.body._id}`, {
      ...post(patched.body.content),
      title: created.body.title,
    });
    expect(again.status).toBe(200);
    expect(again.body.content).toBe(patched.body.content);
    expect(oembedQueries.length).toBe(asked + 1);
  });

  it("saves in time when the provider does not answer, leaving the provider's name and a link", async () => {
    const started = Date.now();
    const created = await editor.agent.post("/api/posts", post(`<p>https://youtu.be/${SILENT_ID}</p>`));
    expect(created.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(LOOKUP_TIMEOUT_MS + 4000);
    const content: string = created.body.content;
    expect(attribute(content, "data-title")).toBe("");
    expect(attribute(content, "data-thumbnail")).toBe("");
    expect(content).toContain('<span class="embed-provider">YouTube</span>');
    expect(content).toContain(
      `<a href="https://youtu.be/${SILENT_ID}" rel="noopener noreferrer nofollow">Open on YouTube</a>`,
    );
  });

  it("keeps an unknown address a link, and rebuilds a sent figure from its address alone", async () => {
    const created = await editor.agent.post(
      "/api/posts",
      post(
        "<p>https://example.com/story</p>" +
          '<figure data-embed="evil" data-url="https://codepen.io/team/pen/abc123" data-src="https://evil.example/" ' +
          'data-thumbnail="https://evil.example/x.png" data-title="A pen"><iframe src="https://evil.example/"></iframe></figure>' +
          '<figure data-url="https://evil.example/watch?v=1"><p>kept text</p></figure>',
      ),
    );
    expect(created.status).toBe(201);
    const content: string = created.body.content;
    expect(content).toContain("<p>https://example.com/story</p>");
    expect(content).toContain(
      'data-embed="codepen" data-url="https://codepen.io/team/pen/abc123" data-title="A pen" data-thumbnail=""',
    );
    expect(content).toContain("<p>kept text</p>");
    expect(content).not.toMatch(/evil|<iframe/);
  });

  it("gives readers the placeholder and no frame, under a CSP that allows exactly the providers' frame origins", async () => {
    const created = await editor.agent.post("/api/posts", post(`<p>https://youtu.be/${SILENT_ID}</p>`));
    const response = await context.app.request(`/page/${created.body.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<button type="button" class="embed-load">Load YouTube video</button>');
    expect(html).not.toMatch(/<iframe|youtube-nocookie/);
    const frameSrc = /frame-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(frameSrc?.split(" ").sort()).toEqual(frameOrigins().sort());
  });
});
