// @vitest-environment node
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { RichTextField } from "./rich-text-field";

const saved = "<p>The saved story</p>";

async function renderWhenLoaded(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

describe("the content field", () => {
  it("before the editor has loaded, still shows the saved story and submits it with the form", () => {
    // renderToString does not wait for the lazy editor: this is what a page shows until it arrives.
    const html = renderToString(<RichTextField initialContent={saved} />);
    expect(html).toContain('<input type="hidden" name="content" value="&lt;p&gt;The saved story&lt;/p&gt;"/>');
    expect(html).toContain(saved);
    expect(html).toContain(">Content</span>");
  });

  it("once loaded, renders the editor's toolbar with the same field name and content", async () => {
    const html = await renderWhenLoaded(
      <RichTextField name="body" label="Advert text" initialContent={saved} placeholder="Say something" />,
    );
    expect(html).toContain('aria-label="Bold"');
    expect(html).toContain('<input type="hidden" name="body" value="&lt;p&gt;The saved story&lt;/p&gt;"/>');
    expect(html).toContain(">Advert text</span>");
  });
});
