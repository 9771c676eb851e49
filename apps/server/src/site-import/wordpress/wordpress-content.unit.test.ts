import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "../../posts";
import { autoParagraphs, convertWordPressContent, shortcodeAttributes } from "./wordpress-content";

const convert = (html: string) => convertWordPressContent(html).html;

describe("convertWordPressContent", () => {
  it("drops block comments and leaves block markup's HTML as it is", () => {
    const html =
      '<!-- wp:paragraph {"align":"center"} -->\n<p>One</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:separator /-->\n<hr/>';
    expect(convert(html)).toBe("<p>One</p>\n\n\n\n<hr/>");
  });

  it("makes paragraphs and line breaks of classic content, as wpautop does", () => {
    expect(convert("First line\nsecond line\n\nNext paragraph")).toBe(
      "<p>First line<br />\nsecond line</p>\n<p>Next paragraph</p>",
    );
  });

  it("leaves block elements and <pre> alone when making paragraphs", () => {
    expect(autoParagraphs("<h2>Title</h2>\n\n<pre>a\n\nb</pre>\n\ntext")).toBe(
      "<h2>Title</h2>\n<pre>a\n\nb</pre>\n<p>text</p>",
    );
  });

  it("turns [caption] into a figure with its caption", () => {
    expect(
      convert(
        '[caption id="attachment_5" width="300"]<a href="/x.jpg"><img src="https://e.com/x.jpg" alt="X" /></a> The words[/caption]',
      ),
    ).toBe(
      '<figure><a href="/x.jpg"><img src="https://e.com/x.jpg" alt="X" /></a><figcaption>The words</figcaption></figure>',
    );
    expect(convert('[caption caption="Old style"]<img src="https://e.com/y.jpg" />[/caption]')).toBe(
      '<figure><img src="https://e.com/y.jpg" /><figcaption>Old style</figcaption></figure>',
    );
  });

  it("turns [gallery ids] into the attachments' images, resolved by the writer", () => {
    expect(convert('[gallery ids="3, 4"]')).toBe(
      '<figure><img src="attachment:3" alt=""><img src="attachment:4" alt=""></figure>',
    );
  });

  it("turns embeds, video and audio into links (the site shows no iframes or players yet)", () => {
    expect(convert("[embed]https://vimeo.com/1[/embed]")).toBe(
      '<p><a href="https://vimeo.com/1">https://vimeo.com/1</a></p>',
    );
    expect(convert("Look:\n\nhttps://www.youtube.com/watch?v=x\n\nEnd")).toContain(
      '<p><a href="https://www.youtube.com/watch?v=x">https://www.youtube.com/watch?v=x</a></p>',
    );
    expect(convert('[video width="640" mp4="https://e.com/a%20b.mp4"][/video]')).toBe(
      '<p><a href="https://e.com/a%20b.mp4">Video: a b.mp4</a></p>',
    );
    expect(convert('[audio src="https://e.com/s.mp3"]')).toBe('<p><a href="https://e.com/s.mp3">Audio: s.mp3</a></p>');
    expect(convert("[audio https://e.com/t.mp3]")).toBe('<p><a href="https://e.com/t.mp3">Audio: t.mp3</a></p>');
  });

  it("leaves unknown shortcodes as text and names them", () => {
    const converted = convertWordPressContent(
      'Before [contact-form-7 id="1" title="x"] after [/not-open] [simple boat]',
    );
    expect(converted.html).toBe('<p>Before [contact-form-7 id="1" title="x"] after [/not-open] [simple boat]</p>');
    expect(converted.unknownShortcodes).toEqual(["contact-form-7"]);
  });

  it("gives HTML the site's sanitiser keeps meaningful", () => {
    const html = sanitizeRichText(
      convert(
        '<!-- wp:html --><script>alert(1)</script><!-- /wp:html -->\n<p onclick="x()">Safe <a href="javascript:alert(1)">link</a></p>',
      ),
    );
    expect(html).toBe('<p>Safe <a rel="noopener noreferrer nofollow">link</a></p>');
  });
});

describe("shortcodeAttributes", () => {
  it("reads double-quoted, single-quoted and bare values", () => {
    expect(shortcodeAttributes(` ids="1,2" Columns='3' link=file`)).toEqual({ ids: "1,2", columns: "3", link: "file" });
  });
});
