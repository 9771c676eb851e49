import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../posts";
import { importedEmbeds } from "./imported-embeds";
import { convertWordPressContent } from "./wordpress/wordpress-content";

const stored = (html: string) => sanitizeRichText(importedEmbeds(html));

describe("embeds of an imported site", () => {
  it("maps WordPress's embed block to the embed element", () => {
    const block =
      '<!-- wp:embed {"url":"https://x.com/jack/status/20","type":"rich","providerNameSlug":"twitter"} -->\n' +
      '<figure class="wp-block-embed is-type-rich is-provider-twitter wp-block-embed-twitter"><div class="wp-block-embed__wrapper">\n' +
      "https://x.com/jack/status/20\n</div><figcaption>The first post</figcaption></figure>\n<!-- /wp:embed -->";
    const html = stored(convertWordPressContent(block).html);
    expect(html).toMatch(
      /^<figure class="embed embed-post" data-embed="x" data-url="https:\/\/x.com\/jack\/status\/20"/,
    );
    expect(html).toContain("<p><em>The first post</em></p>");
  });

  it("maps WordPress's [embed] shortcode to the embed element", () => {
    const html = stored(
      convertWordPressContent("Before.\n\n[embed]https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC[/embed]").html,
    );
    expect(html).toContain('data-embed="spotify" data-url="https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC"');
  });

  it("maps Ghost's embed card, its iframe or its blockquote, to the embed element", () => {
    const youtube =
      '<figure class="kg-card kg-embed-card"><iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allowfullscreen></iframe></figure>';
    expect(stored(youtube)).toContain(
      'data-embed="youtube" data-url="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"',
    );
    const tweet =
      '<figure class="kg-card kg-embed-card"><blockquote class="twitter-tweet"><p lang="en">Hello</p>&mdash; Jack (@jack) ' +
      '<a href="https://twitter.com/jack/status/20?ref_src=twsrc%5Etfw">March 21, 2006</a></blockquote>' +
      '<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script></figure>';
    const html = stored(tweet);
    expect(html).toContain('data-embed="x" data-url="https://twitter.com/jack/status/20?ref_src=twsrc%5Etfw"');
    expect(html).not.toContain("<script");
  });

  it("leaves a card of a provider not embedded here to the sanitiser", () => {
    const card =
      '<figure class="kg-card kg-embed-card"><iframe src="https://maps.example/embed?q=1"></iframe><figcaption>A map</figcaption></figure>';
    expect(importedEmbeds(card)).toBe(card);
  });
});
