import { describe, expect, it } from "vitest";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/* Issue 15: the site's settings, read by everyone, changed by admins only, shown on every page. */
const context = useTestApp({ pages: true, env: { SITE_NAME: "Morning Post", CONTACT_EMAIL: "desk@morning.example" } });
const anonymous = () => new TestAgent(context.app);
const LOGO = `/media/${"e".repeat(64)}.webp`;

describe(`/api/settings on ${testDatabaseKind()}`, () => {
  it("starts from the configuration's values, for everyone", async () => {
    const response = await anonymous().get("/api/settings");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      siteName: "Morning Post",
      tagline: "News, analysis and long reads",
      contactEmail: "desk@morning.example",
      socialLinks: [],
      navigation: [],
      logo: "",
      postsPerPage: 9,
      updatedAt: null,
    });
  });

  it("is changed by admins only: anonymous 401, reader and editor 403", async () => {
    const reader = await signUp(context.app);
    const editor = await signUp(context.app, { role: "editor" });
    expect((await anonymous().patch("/api/settings", { siteName: "Hijacked" })).status).toBe(401);
    expect((await reader.agent.patch("/api/settings", { siteName: "Hijacked" })).status).toBe(403);
    expect((await editor.agent.patch("/api/settings", { siteName: "Hijacked" })).status).toBe(403);
    expect((await anonymous().get("/api/settings")).body.siteName).not.toBe("Hijacked");
  });

  it("changes only the fields sent, and every page, feed and the manifest show the change at once", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const before = await context.app.request("/privacy-policy");
    expect(await before.text()).toContain("Morning Post");
    // A second view is served from the page cache: the change must still show on the next one.
    expect((await context.app.request("/privacy-policy")).headers.get("x-cache")).toBe("HIT");

    const response = await admin.agent.patch("/api/settings", {
      siteName: "  The Evening Ledger ",
      tagline: "Late news, early",
      about: "A paper for the night shift.",
      navigation: [
        { label: "World", url: "/category/world-news" },
        { label: "Podcasts", url: "https://pods.example/ledger" },
      ],
      socialLinks: [{ label: "Mastodon", url: "https://social.example/@ledger" }],
      logo: LOGO,
      shareImage: LOGO,
      postsPerPage: 12,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      siteName: "The Evening Ledger",
      tagline: "Late news, early",
      contactEmail: "desk@morning.example",
      logo: LOGO,
      postsPerPage: 12,
    });
    expect(Date.parse(response.body.updatedAt)).not.toBeNaN();
    // Everyone reads the same, but for the admins-only fields.
    const { requireTwoFactor, commentHeldWords, commentMaxLinks, ...shown } = response.body;
    expect(requireTwoFactor).toBe(false);
    expect(commentHeldWords).toEqual([]);
    expect(commentMaxLinks).toBe(0);
    expect((await anonymous().get("/api/settings")).body).toEqual(shown);

    const page = await (await context.app.request("/privacy-policy")).text();
    expect(page).toContain("<title>Privacy Policy | The Evening Ledger</title>");
    expect(page).toContain("A paper for the night shift.");
    expect(page).toContain('href="https://social.example/@ledger"');
    expect(page).toContain('href="/category/world-news"');
    expect(page).not.toContain("Morning Post");
    // A page without an image of its own is shared with the default share image.
    const home = await (await context.app.request("/")).text();
    expect(home).toContain(`<meta property="og:image" content="http://localhost:3000${LOGO}"/>`);
    const feed = await (await context.app.request("/rss.xml")).text();
    expect(feed).toContain("<title>The Evening Ledger</title>");
    const manifest = await (await context.app.request("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "The Evening Ledger", description: "Late news, early" });

    const again = await admin.agent.patch("/api/settings", { contactPhone: "+44 20 7946 0000" });
    expect(again.body).toMatchObject({ siteName: "The Evening Ledger", contactPhone: "+44 20 7946 0000" });
  });

  it.each([
    [{ siteName: "   " }, "Please add the site's name"],
    [{ siteName: "x".repeat(61) }, "Site name must be at most 60 characters"],
    [{ contactEmail: "not an address" }, "Contact e-mail must be an e-mail address"],
    [{ shopUrl: "javascript:alert(1)" }, "Links must be URLs starting with http:// or https://"],
    [
      { navigation: [{ label: "Evil", url: "javascript:alert(1)" }] },
      "Links must be URLs starting with http:// or https://",
    ],
    [
      { navigation: [{ label: "Elsewhere", url: "//evil.example" }] },
      "Links must be URLs starting with http:// or https://",
    ],
    [{ navigation: [{ label: "", url: "/terms" }] }, "Every link needs a label"],
    [{ socialLinks: Array.from({ length: 13 }, () => ({ label: "A", url: "https://a.example" })) }, "At most 12 links"],
    [{ logo: "http://plain.example/logo.png" }, "Images must be uploaded to this site or be https URLs"],
    [{ postsPerPage: 1000 }, "Posts per page must be from 3 to 48"],
    [{}, "Nothing to change"],
  ])("refuses %j with 400 and the message", async (patch, message) => {
    const admin = await signUp(context.app, { role: "admin" });
    const response = await admin.agent.patch("/api/settings", patch);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it("refuses fields it does not know, and bodies that are not JSON objects", async () => {
    const admin = await signUp(context.app, { role: "admin" });
    const unknown = await admin.agent.patch("/api/settings", { siteName: "Fine", theme: "dark" });
    expect(unknown.status).toBe(400);
    expect((await admin.agent.patch("/api/settings", [1, 2])).status).toBe(400);
    expect((await anonymous().get("/api/settings")).body.siteName).not.toBe("Fine");
  });
});
