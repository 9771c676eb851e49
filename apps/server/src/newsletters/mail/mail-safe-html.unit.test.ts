import { describe, expect, it } from "vitest";
import { embedCard } from "./embeds";
import { mailSafeHtml } from "./mail-safe-html";
import { rewriteLinks, withOpenPixel } from "./mail-tracking";
import { addressOf, bylineOf } from "./newsletter-mail-writer";

const pageUrl = "https://news.example/page/story";
const safe = (html: string) => mailSafeHtml(html, { pageUrl });
const MEDIA = `/media/${"a".repeat(64)}.webp`;

describe("the mail-safe body", () => {
  it("makes links and images absolute, a stored image at a size the site serves", () => {
    const html = safe(`<p><a href="/page/other">other</a> <a href="#notes">notes</a></p><img src="${MEDIA}" alt="A">`);
    expect(html).toContain('href="https://news.example/page/other"');
    expect(html).toContain('href="https://news.example/page/story#notes"');
    expect(html).toContain(`src="https://news.example${MEDIA}?w=640"`);
    expect(html).not.toMatch(/(href|src)="\//);
  });

  it("writes the stylesheet's style on every element and replaces the input's own", () => {
    const html = safe(
      '<h2 style="color:red">Head</h2><p class="x">Text <strong>bold</strong></p><blockquote>Q</blockquote><ul><li>one</li></ul><pre><code>x = 1</code></pre>',
    );
    for (const tag of ["h2", "p", "strong", "blockquote", "ul", "li", "pre", "code"]) {
      expect(html).toMatch(new RegExp(`<${tag} style="[^"]+"`));
    }
    expect(html).not.toContain("color:red");
    expect(html).not.toContain("class=");
  });

  it("gives every image a width no wider than the mail and an automatic height", () => {
    const html = safe(
      '<img src="https://cdn.example/wide.jpg" width="1800" height="1200"><img src="https://cdn.example/icon.png" width="48" height="48">',
    );
    expect(html).toMatch(
      /src="https:\/\/cdn.example\/wide.jpg"[^>]*width="600"[^>]*style="[^"]*width:100%;height:auto[^"]*max-width:600px/,
    );
    expect(html).toMatch(
      /src="https:\/\/cdn.example\/icon.png"[^>]*width="48"[^>]*style="[^"]*width:48px;max-width:100%;height:auto/,
    );
    expect(html).not.toContain('height="');
  });

  it("turns a YouTube player into its still linked to the video, and other players into link cards", () => {
    const html = safe(
      '<p>Watch:</p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0" width="560"></iframe><iframe src="https://player.vimeo.com/video/76979871"></iframe><video poster="/still.jpg"><source src="/clip.mp4"></video>',
    );
    expect(html).not.toMatch(/<(iframe|video|source)/);
    expect(html).toMatch(
      /<a href="https:\/\/www.youtube.com\/watch\?v=dQw4w9WgXcQ"[^>]*><img src="https:\/\/i.ytimg.com\/vi\/dQw4w9WgXcQ\/hqdefault.jpg" alt="Watch on YouTube" width="600"/,
    );
    expect(html).toContain("\u25b6 Watch on YouTube</a>");
    expect(html).toMatch(/<a href="https:\/\/vimeo.com\/76979871"[^>]*>\u25b6 Watch on Vimeo<\/a>/);
    expect(html).toMatch(
      /<a href="https:\/\/news.example\/clip.mp4"[^>]*><img src="https:\/\/news.example\/still.jpg"/,
    );
    expect(html).toContain("\u25b6 Watch the video</a>");
  });

  it("drops scripts, forms, event handlers, javascript: links and unknown tags", () => {
    const html = safe(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><form action="/x"><input name="q"><button>Go</button></form><a href="javascript:alert(1)">x</a><marquee>kept text</marquee><style>p{}</style>',
    );
    expect(html).not.toMatch(/script|onclick|<form|<input|<button|javascript:|<marquee|<style|alert/);
    expect(html).toContain("kept text");
  });

  it("keeps figures with their captions", () => {
    const html = safe(
      '<figure><img src="https://cdn.example/a.jpg" alt="A"><figcaption>Photo &amp; words</figcaption></figure>',
    );
    expect(html).toMatch(
      /<figure style="[^"]+"><img [^>]+><figcaption style="[^"]+">Photo &amp; words<\/figcaption><\/figure>/,
    );
  });
});

describe("embed cards", () => {
  it("know YouTube's addresses and name any other host", () => {
    expect(embedCard("https://youtu.be/dQw4w9WgXcQ")?.url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(embedCard("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3")?.label).toBe("Watch on YouTube");
    expect(embedCard("https://www.example.org/player/1")).toEqual({
      url: "https://www.example.org/player/1",
      label: "Open on example.org",
      image: null,
    });
    expect(embedCard("javascript:alert(1)")).toBeNull();
    expect(embedCard("not a url")).toBeNull();
  });
});

describe("tracking", () => {
  it("numbers the http links, leaves the recipient's placeholders and mailto alone, and adds the pixel last", () => {
    const { html, links } = rewriteLinks(
      '<body><a href="https://a.example/?x=1&amp;y=2">A</a><a style="x" href="https://b.example/">B</a><a href="__BROADSHEET_UNSUBSCRIBE_URL__">U</a><a href="mailto:desk@news.example">M</a></body>',
      "https://news.example",
      "11111111-2222-3333-4444-555555555555",
    );
    expect(links).toEqual([
      { position: 1, url: "https://a.example/?x=1&y=2" },
      { position: 2, url: "https://b.example/" },
    ]);
    expect(html).toContain('href="https://news.example/newsletters/click/11111111-2222-3333-4444-555555555555/1"');
    expect(html).toContain('href="__BROADSHEET_UNSUBSCRIBE_URL__"');
    expect(html).toContain('href="mailto:desk@news.example"');
    expect(withOpenPixel(html, "https://news.example", "s1")).toMatch(
      /<img src="https:\/\/news.example\/newsletters\/open\/s1.gif" width="1" height="1"[^>]*\/><\/body>$/,
    );
  });
});

describe("sender and byline", () => {
  it("read the address of MAIL_FROM and join the authors' names", () => {
    expect(addressOf("Broadsheet <no-reply@news.example>")).toBe("no-reply@news.example");
    expect(addressOf("desk@news.example")).toBe("desk@news.example");
    expect(bylineOf(["Ada"])).toBe("By Ada");
    expect(bylineOf(["Ada", "", "Ben", "Cy"])).toBe("By Ada, Ben and Cy");
    expect(bylineOf([""])).toBe("");
  });
});
