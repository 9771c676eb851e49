import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { HtmlValidate } from "html-validate";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newsletterLinkClicks,
  newsletterSends,
  newsletters,
  postCoauthors,
  siteSettings,
  subscribers,
} from "../../../db/schema";
import { insertPost, insertUser } from "../../../testing/fixtures";
import { freePort } from "../../../testing/production-server";
import { type ReceivedMail, startSmtpSink } from "../../../testing/smtp-sink";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

/*
 * Issue 42, the mail itself: the preview and the test mail (through a real SMTP server), the
 * headers every mail carries, and tracking only when asked (docs/product/newsletter-mail.md).
 */
const smtpPort = await freePort();
const context = useTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
const received: ReceivedMail[] = [];
let smtp: SMTPServer;
let editor: Awaited<ReturnType<typeof signUp>>;
let story: { id: string; slug: string };
let mailOnly: { id: string };

beforeAll(async () => {
  smtp = await startSmtpSink(smtpPort, received);
  const db = context.database.db;
  editor = await signUp(context.app, { role: "editor", name: "Eddie Editor" });
  const author = await insertUser(db, { name: "Ada Writer" });
  const coauthor = await insertUser(db, { name: "Ben Reporter" });
  story = await insertPost(db, {
    title: "Harbour & Town: the vote",
    excerpt: "What the council decided, and why.",
    authorId: author.id,
    images: ["https://cdn.example/harbour.jpg"],
    imageAlts: ["The harbour at dawn"],
    content:
      '<p>The council met <a href="/page/earlier">again</a>.</p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><p>End.</p>',
  });
  await db.insert(postCoauthors).values({ postId: story.id, userId: coauthor.id, position: 1 });
  mailOnly = await insertPost(db, { title: "Subscribers only", isPublished: false, content: "<p>Just for you.</p>" });
  await db
    .update(newsletters)
    .set({ senderName: "The Harbour Desk", senderEmail: "desk@news.example", replyTo: "letters@news.example" })
    .where(eq(newsletters.isDefault, true));
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/*
 * html-validate's recommended rules, less what a mail is written with on purpose: inline styles
 * (clients drop stylesheets), layout tables with their width/align/cellpadding attributes
 * (Outlook reads no CSS layout), the XHTML doctype and Outlook's conditional comments, all
 * React Email's output. What is left catches broken markup: nesting, unclosed or unknown
 * elements, images without alt, duplicate ids.
 */
const mailValidator = new HtmlValidate({
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    "no-inline-style": "off",
    "no-deprecated-attr": "off",
    "doctype-html": "off",
    "no-conditional-comment": "off",
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    "void-style": ["error", { style: "selfclose" }],
    "long-title": "off",
  },
});

const preview = (agent: TestAgent, query: string) => agent.get(`/api/newsletters/preview?${query}`);
/** A quoted-printable part read back as the text it encodes (enough for these ASCII checks). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe(`the newsletter mail on ${testDatabaseKind()}`, () => {
  it("previews as HTML to staff only, with a policy that runs no script", async () => {
    expect((await preview(new TestAgent(context.app), `postId=${story.id}`)).status).toBe(401);
    expect((await preview((await signUp(context.app)).agent, `postId=${story.id}`)).status).toBe(403);
    expect((await preview(editor.agent, `postId=${randomUUID()}`)).status).toBe(404);
    const unknown = await preview(editor.agent, `postId=${story.id}&newsletter=nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "No such newsletter: nope" });

    const shown = await preview(editor.agent, `postId=${story.id}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(shown.headers.get("content-security-policy")).toMatch(/^default-src 'none';/);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const html = shown.body as string;
    expect(html).toContain("Harbour &amp; Town: the vote");
    expect(html).toContain("By Ada Writer and Ben Reporter");
    expect(html).toContain("What the council decided, and why.");
    expect(html).toMatch(
      /<img alt="The harbour at dawn"[^>]*src="https:\/\/cdn.example\/harbour.jpg"|src="https:\/\/cdn.example\/harbour.jpg"[^>]*alt="The harbour at dawn"/,
    );
    expect(html).toContain('href="http://localhost:3000/page/earlier"');
    expect(html).toContain("https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    expect(html).not.toContain("<iframe");
    expect(html).toContain(`href="http://localhost:3000/page/${story.slug}"`);
    expect(html).toContain("Read on Broadsheet");
    expect(html).toContain('href="http://localhost:3000/newsletters/unsubscribe/sample-recipient-preview"');
    expect(html).toContain('href="http://localhost:3000/newsletters/manage/sample-recipient-preview"');
    expect(html).toContain("Manage your subscription");
    const report = await mailValidator.validateString(html);
    expect(
      report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message}`)),
    ).toEqual([]);
    // No tracking unless a send asks for it.
    expect(html).not.toContain("/newsletters/click/");
    expect(html).not.toContain("/newsletters/open/");
  });

  it("previews the plain-text part with links written out and the postal line", async () => {
    await context.database.db
      .insert(siteSettings)
      .values({
        siteName: "Broadsheet",
        tagline: "",
        about: "",
        contactEmail: "",
        contactPhone: "",
        shopUrl: "",
        socialLinks: [],
        navigation: [],
        postsPerPage: 10,
        postalAddress: "1 Quay Street, Harbourtown",
      })
      .onConflictDoUpdate({ target: siteSettings.id, set: { postalAddress: "1 Quay Street, Harbourtown" } });
    const shown = await preview(editor.agent, `postId=${story.id}&format=text`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = shown.body as string;
    expect(text.startsWith("Harbour & Town: the vote\n")).toBe(true);
    expect(text).toContain("By Ada Writer and Ben Reporter");
    expect(text).toContain("The council met again (http://localhost:3000/page/earlier).");
    expect(text).toContain("\u25b6 Watch on YouTube (https://www.youtube.com/watch?v=dQw4w9WgXcQ)");
    // Once: the still linked to the video says nothing more in text.
    expect(text.split("youtube.com/watch").length).toBe(2);
    expect(text).toContain(`Read on Broadsheet: http://localhost:3000/page/${story.slug}`);
    expect(text).toContain("1 Quay Street, Harbourtown");
    expect(text).toContain("Unsubscribe: http://localhost:3000/newsletters/unsubscribe/sample-recipient-preview");
    expect(text).not.toMatch(/<[a-z]/);
  });

  it("leaves out the link to the site for a story sent only by e-mail", async () => {
    const html = (await preview(editor.agent, `postId=${mailOnly.id}`)).body as string;
    expect(html).toContain("Just for you.");
    expect(html).not.toContain("Read on");
    expect(html).not.toContain("/page/");
  });

  it("mails a test to the staff member asking, with both parts and the list headers", async () => {
    const before = received.length;
    const answer = await editor.agent.post("/api/newsletters/test", { postId: story.id });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: `A test was sent to ${editor.user.email}` });
    expect(received).toHaveLength(before + 1);
    const mail = received.at(-1) as { to: string[]; raw: string };
    expect(mail.to).toEqual([editor.user.email]);
    const raw = decoded(mail.raw);
    expect(raw).toMatch(/^From: The Harbour Desk <desk@news\.example>$/m);
    expect(raw).toMatch(/^Reply-To: letters@news\.example$/m);
    expect(raw).toMatch(/^Subject: \[Test\] Harbour & Town: the vote$/m);
    const contact = (await context.app.services.settings.getSettings()).contactEmail;
    expect(raw.replace(/\r?\n\s+/g, " ")).toContain(
      `List-Unsubscribe: <http://localhost:3000/newsletters/unsubscribe/sample-recipient-preview>, <mailto:${contact}?subject=unsubscribe>`,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Header names are read in any case (nodemailer writes List-ID).
    expect(raw).toMatch(/^List-Id: The Broadsheet newsletter <newsletter\.localhost>$/im);
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toContain("By Ada Writer and Ben Reporter");

    // A staff member who subscribes gets their own links, which work.
    await context.database.db.insert(subscribers).values({
      email: editor.user.email.toUpperCase(),
      status: "subscribed",
      manageToken: "editors-own-manage-token",
    });
    expect((await editor.agent.post("/api/newsletters/test", { postId: story.id })).status).toBe(202);
    expect(decoded(received.at(-1)?.raw ?? "")).toContain(
      'href="http://localhost:3000/newsletters/manage/editors-own-manage-token"',
    );

    expect((await editor.agent.post("/api/newsletters/test", { postId: randomUUID() })).status).toBe(404);
    expect((await editor.agent.post("/api/newsletters/test", { postId: "x" })).status).toBe(400);
  });

  it("limits test mails per staff member", async () => {
    const busy = await signUp(context.app, { role: "editor" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await busy.agent.post("/api/newsletters/test", { postId: mailOnly.id })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("puts each recipient's own links in, escaped, and credits the send", async () => {
    const rendered = await context.app.services.newsletterMailWriter.render(story.id, undefined);
    const token = "tok_en-0123456789abcdef";
    const mail = rendered.forRecipient(
      { subscriberId: "s", email: "r@example.com", name: "R", manageToken: token },
      "d0e1f2a3-0000-4000-8000-000000000000",
    );
    const unsubscribe = `http://localhost:3000/newsletters/unsubscribe/${token}?send=d0e1f2a3-0000-4000-8000-000000000000`;
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.text).toContain(`Unsubscribe: ${unsubscribe}`);
    const contact = (await context.app.services.settings.getSettings()).contactEmail;
    expect(mail.headers["List-Unsubscribe"]).toBe(`<${unsubscribe}>, <mailto:${contact}?subject=unsubscribe>`);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["List-Id"]).toBe("The Broadsheet newsletter <newsletter.localhost>");
    expect(mail.html).not.toContain("__BROADSHEET_");
    expect(rendered.from).toEqual({ name: "The Harbour Desk", address: "desk@news.example" });
    expect(rendered.subject).toBe("Harbour & Town: the vote");
  });
});

describe(`tracking on ${testDatabaseKind()}`, () => {
  it("rewrites links and adds the pixel only when asked; clicks count and go only where the mail pointed", async () => {
    const db = context.database.db;
    const [defaultNewsletter] = await db.select().from(newsletters).where(eq(newsletters.isDefault, true));
    const [send] = await db
      .insert(newsletterSends)
      .values({ postId: story.id, newsletterIds: [defaultNewsletter?.id ?? ""] })
      .returning();
    const sendId = send?.id ?? "";
    const rendered = await context.app.services.newsletterMailWriter.render(story.id, undefined, {
      tracking: { sendId },
    });
    const mail = rendered.forRecipient(
      { subscriberId: "s", email: "r@example.com", name: "", manageToken: "0123456789abcdef" },
      sendId,
    );
    expect(mail.html).toContain(`src="http://localhost:3000/newsletters/open/${sendId}.gif"`);
    expect(mail.html).not.toContain('href="http://localhost:3000/page/earlier"');
    // The recipient's own links stay direct: unsubscribing never depends on tracking.
    expect(mail.html).toContain(`href="http://localhost:3000/newsletters/unsubscribe/0123456789abcdef?send=${sendId}"`);

    const links = await db.select().from(newsletterLinkClicks).where(eq(newsletterLinkClicks.sendId, sendId));
    const earlier = links.find((link) => link.url === "http://localhost:3000/page/earlier");
    expect(earlier).toBeDefined();
    expect(mail.html).toContain(`href="http://localhost:3000/newsletters/click/${sendId}/${earlier?.position}"`);

    const click = await context.app.request(`/newsletters/click/${sendId}/${earlier?.position}`);
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe("http://localhost:3000/page/earlier");
    expect(click.headers.get("cache-control")).toBe("no-store");
    const [counted] = await db
      .select()
      .from(newsletterLinkClicks)
      .where(eq(newsletterLinkClicks.url, "http://localhost:3000/page/earlier"));
    expect(counted?.clicks).toBe(1);

    for (const path of [
      `/newsletters/click/${sendId}/999`,
      `/newsletters/click/${randomUUID()}/1`,
      "/newsletters/click/x/1",
      `/newsletters/click/${sendId}/-1`,
    ]) {
      const refused = await context.app.request(path);
      expect(refused.status, path).toBe(404);
      expect(refused.headers.get("location")).toBeNull();
    }

    const open = await context.app.request(`/newsletters/open/${sendId}.gif`);
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("image/gif");
    expect(open.headers.get("cache-control")).toBe("no-store");
    expect((await open.arrayBuffer()).byteLength).toBeGreaterThan(20);
    await context.app.request(`/newsletters/open/${sendId}.gif`);
    const [opened] = await db
      .select({ opens: newsletterSends.opens })
      .from(newsletterSends)
      .where(eq(newsletterSends.id, sendId));
    expect(opened?.opens).toBe(2);
    expect((await context.app.request("/newsletters/open/nothing.gif")).status).toBe(404);
  });
});
