import { describe, expect, it } from "vitest";
import { bodyDescription } from "../content/post-fields.schemas";
import { embedMarkup, findEmbed, frameOrigins } from "./embeds";
import { htmlToText } from "./text";

describe("findEmbed", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=3", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=XXXX", "youtube", "https://www.youtube-nocookie.com/embed/XXXX"],
    ["https://vimeo.com/76979871", "vimeo", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://x.com/jack/status/20", "x", "https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true"],
    ["https://twitter.com/jack/status/20", "x", "https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true"],
    ["https://www.instagram.com/p/C1a2B3c4/", "instagram", "https://www.instagram.com/p/C1a2B3c4/embed"],
    [
      "https://www.tiktok.com/@scout/video/6718335390845095173",
      "tiktok",
      "https://www.tiktok.com/embed/v2/6718335390845095173",
    ],
    [
      "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      "spotify",
      "https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC",
    ],
    [
      "https://open.spotify.com/intl-de/album/1DFixLWuPkv3KT3TnV35m3",
      "spotify",
      "https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3",
    ],
    [
      "https://soundcloud.com/artist/a-track",
      "soundcloud",
      "https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fartist%2Fa-track&visual=true",
    ],
    [
      "https://bsky.app/profile/did:plc:abc123/post/3kxyz",
      "bluesky",
      "https://embed.bsky.app/embed/did:plc:abc123/app.bsky.feed.post/3kxyz",
    ],
    ["https://mastodon.social/@Gargron/1", "mastodon", "https://mastodon.social/@Gargron/1/embed"],
    ["https://codepen.io/team/pen/abc123", "codepen", "https://codepen.io/team/embed/abc123?default-tab=result"],
  ])("%s is a %s embed", (url, provider, src) => {
    const embed = findEmbed(` ${url} `);
    expect(embed?.provider.id).toBe(provider);
    expect(embed?.src).toBe(src);
    expect(frameOrigins()).toContain(new URL(src).origin);
  });

  it.each([
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/channel/UC123",
    "https://www.youtube.com/watch?v=a%22b",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://x.com/jack",
    "https://mastodon.example/@someone/1",
    "http://mastodon.social/@Gargron/1",
    "https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "watch this",
  ])("%s stays a link", (url) => {
    expect(findEmbed(url)).toBeNull();
  });
});

describe("embedMarkup", () => {
  it("escapes the title and address and names the provider on its button and link", () => {
    const embed = findEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&x="><script>');
    if (!embed) throw new Error("no embed");
    const html = embedMarkup({ embed, title: '<img src=x onerror="1">', thumbnail: "" });
    expect(html).not.toMatch(/<script|<img src=x/);
    expect(html).toContain(">Load YouTube video</button>");
    expect(html).toContain(">Open on YouTube</a>");
  });
});

describe("an embed in a body's text", () => {
  const embed = findEmbed("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  if (!embed) throw new Error("no embed");
  const body = `<p>The harbour at dawn.</p>${embedMarkup({ embed, title: "Dawn", thumbnail: "" })}<p>More.</p>`;

  it("leaves its button out of the text (reading time, previews)", () => {
    expect(htmlToText(body)).toBe("The harbour at dawn. Dawn YouTube Open on YouTube More.");
  });

  it("is left out of the description made from the body", () => {
    expect(bodyDescription(body)).toBe("The harbour at dawn. More.");
  });
});
