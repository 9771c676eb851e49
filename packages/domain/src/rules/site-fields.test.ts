import { describe, expect, it } from "vitest";
import { fillSiteFieldsHtml, fillSiteFieldsText } from "./site-fields";

const site = { siteName: "Tom & Jerry's <Daily>", contactEmail: "desk@daily.example", contactPhone: "+44 20-7946" };

describe("site fields", () => {
  it("fills the settings' values into HTML, escaped, with mail and phone links", () => {
    expect(fillSiteFieldsHtml("<p>[site-name]: write to [contact-email] or call [contact-phone].</p>", site)).toBe(
      '<p>Tom &amp; Jerry&#39;s &lt;Daily&gt;: write to <a href="mailto:desk@daily.example">desk@daily.example</a> or call <a href="tel:+4420-7946">+44\u00a020\u20117946</a>.</p>',
    );
  });

  it("fills plain text as it is, every occurrence", () => {
    expect(fillSiteFieldsText("[site-name] and [site-name]", site)).toBe(`${site.siteName} and ${site.siteName}`);
  });

  it("leaves text without fields alone", () => {
    expect(fillSiteFieldsHtml("<p>[other] text</p>", site)).toBe("<p>[other] text</p>");
  });
});
