import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, subscriberNewsletters, subscribers } from "../../../db/schema";
import { insertCategory } from "../../../testing/fixtures";
import { signUp, TestAgent } from "../../../testing/test-agent";
import { useTestApp } from "../../../testing/test-app";
import { testDatabaseKind } from "../../../testing/test-database";

const context = useTestApp();
const anonymous = () => new TestAgent(context.app);

let editor: TestAgent;
let admin: TestAgent;
let science: { id: string; name: string };

beforeAll(async () => {
  editor = (await signUp(context.app, { role: "editor" })).agent;
  admin = (await signUp(context.app, { role: "admin" })).agent;
  science = await insertCategory(context.database.db, "Science");
});

const list = async (agent: TestAgent) => (await agent.get("/api/newsletters")).body.items as Record<string, unknown>[];
const defaultOf = async () => (await list(editor)).find((item) => item.isDefault) as Record<string, unknown>;

/** A subscribed (or other status) address getting newsletter `newsletterId`. */
async function subscribe(newsletterId: string, email: string, status: "subscribed" | "pending" = "subscribed") {
  const db = context.database.db;
  const [row] = await db
    .insert(subscribers)
    .values({ email, status, manageToken: `token-${email.replace(/\W/g, "-")}-0123456789` })
    .returning();
  await db.insert(subscriberNewsletters).values({ subscriberId: row?.id as string, newsletterId });
}

describe(`Admin → Newsletters API on ${testDatabaseKind()}`, () => {
  it("has the default newsletter, named after the site, for everyone; staff see every field", async () => {
    const settings = (await anonymous().get("/api/settings")).body;
    const publicItems = await list(anonymous());
    expect(publicItems).toEqual([
      { _id: expect.any(String), name: `The ${settings.siteName} newsletter`, slug: "newsletter", description: "" },
    ]);
    expect(await list(editor)).toMatchObject([
      { slug: "newsletter", isDefault: true, archived: false, subscribers: 0, categoryId: null, category: "" },
    ]);
  });

  it("creates a newsletter with its slug made from the name, and refuses a taken slug", async () => {
    const created = await editor.post("/api/newsletters", {
      name: "Science Weekly — Ça marche",
      description: "Our science stories",
      senderName: "The Science Desk",
      senderEmail: "science@example.com",
      replyTo: "letters@example.com",
      categoryId: science.id,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        name: "Science Weekly — Ça marche",
        slug: "science-weekly-ca-marche",
        category: "Science",
        categoryId: science.id,
        isDefault: false,
        subscribers: 0,
      },
    });
    const taken = await editor.post("/api/newsletters", { name: "Other", slug: "science-weekly-ca-marche" });
    expect(taken).toMatchObject({ status: 409, body: { message: "Another newsletter already uses this slug." } });
    const sameName = await editor.post("/api/newsletters", { name: "Science Weekly — Ça marche" });
    expect(sameName.status).toBe(409);
  });

  it("refuses bad input with its reason", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Name is required"],
      [{ name: "X", slug: "Not A Slug" }, "Slug may hold lowercase letters, digits and single hyphens"],
      [{ name: "X", senderEmail: "nope" }, "Sender address must be a valid e-mail address"],
      [{ name: "X", replyTo: "a@b" }, "Reply-to must be a valid e-mail address"],
      [{ name: "X", categoryId: "00000000-0000-4000-8000-000000000000" }, "No such category"],
    ];
    for (const [body, message] of cases) {
      const answer = await editor.post("/api/newsletters", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
  });

  it("is for staff: anonymous 401, reader 403; the delivery settings are for admins", async () => {
    const reader = (await signUp(context.app)).agent;
    expect((await anonymous().post("/api/newsletters", { name: "X" })).status).toBe(401);
    expect((await reader.post("/api/newsletters", { name: "X" })).status).toBe(403);
    expect((await list(reader))[0]).not.toHaveProperty("senderEmail");
    expect((await editor.get("/api/newsletters/settings")).status).toBe(403);
    expect((await anonymous().put("/api/newsletters/settings", {})).status).toBe(401);
  });

  it("counts subscribed addresses only", async () => {
    const created = (await editor.post("/api/newsletters", { name: "Counted" })).body;
    await subscribe(created._id, "one@example.com");
    await subscribe(created._id, "two@example.com");
    await subscribe(created._id, "three@example.com", "pending");
    const counted = (await list(editor)).find((item) => item._id === created._id);
    expect(counted?.subscribers).toBe(2);
  });

  it("makes another newsletter the default, unsetting the old one at once", async () => {
    const before = await defaultOf();
    const created = (await editor.post("/api/newsletters", { name: "Morning Brief" })).body;
    const updated = await editor.put(`/api/newsletters/${created._id}`, { name: "Morning Brief", isDefault: true });
    expect(updated).toMatchObject({ status: 200, body: { isDefault: true, slug: "morning-brief" } });
    const defaults = (await list(editor)).filter((item) => item.isDefault);
    expect(defaults.map((item) => item._id)).toEqual([created._id]);
    // Unticking the default changes nothing: there is always one; making the old one the default again works.
    const kept = await editor.put(`/api/newsletters/${created._id}`, { name: "Morning Brief", isDefault: false });
    expect(kept.body.isDefault).toBe(true);
    const back = await editor.put(`/api/newsletters/${before._id}`, { name: before.name, isDefault: true });
    expect(back.body).toMatchObject({ isDefault: true, name: before.name, slug: "newsletter" });
    expect((await list(editor)).filter((item) => item.isDefault)).toHaveLength(1);
    // The default's name was the site's: it still follows the site's name.
    const stored = await context.database.db.query.newsletters.findFirst({
      where: (table, { eq: equal }) => equal(table.id, before._id as string),
    });
    expect(stored?.name).toBe("");
  });

  it("changes a newsletter's fields and slug; 404 for an unknown one, 409 for a taken slug", async () => {
    const created = (await editor.post("/api/newsletters", { name: "Culture" })).body;
    const changed = await editor.put(`/api/newsletters/${created._id}`, {
      name: "Culture & Arts",
      slug: "culture-arts",
      description: "Books, films",
      senderName: "Arts",
      senderEmail: "arts@example.com",
      replyTo: "",
      categoryId: science.id,
    });
    expect(changed.body).toMatchObject({ name: "Culture & Arts", slug: "culture-arts", category: "Science" });
    const clash = await editor.put(`/api/newsletters/${created._id}`, { name: "Culture", slug: "newsletter" });
    expect(clash.status).toBe(409);
    const missing = await editor.put("/api/newsletters/00000000-0000-4000-8000-000000000000", { name: "X" });
    expect(missing).toMatchObject({ status: 404, body: { message: "Newsletter not found" } });
    expect((await editor.put("/api/newsletters/not-an-id", { name: "X" })).status).toBe(404);
    expect((await editor.delete("/api/newsletters/not-an-id")).status).toBe(404);
  });

  it("archives a newsletter (readers no longer see it) but never the default", async () => {
    const created = (await editor.post("/api/newsletters", { name: "Short-lived" })).body;
    expect((await editor.delete(`/api/newsletters/${created._id}`)).body).toEqual({ message: "Newsletter archived" });
    expect((await list(anonymous())).map((item) => item.slug)).not.toContain("short-lived");
    expect((await list(editor)).find((item) => item._id === created._id)?.archived).toBe(true);
    const refused = await editor.put(`/api/newsletters/${created._id}`, { name: "Short-lived", isDefault: true });
    expect(refused.status).toBe(409);
    const current = await defaultOf();
    const kept = await editor.delete(`/api/newsletters/${current._id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toContain("The default newsletter cannot be archived");
  });

  it("reads the delivery settings' defaults, saves changes, refuses out-of-range values", async () => {
    expect((await admin.get("/api/newsletters/settings")).body).toEqual({
      batchSize: 100,
      messagesPerSecond: 10,
      connections: 2,
      tracking: false,
    });
    const saved = await admin.put("/api/newsletters/settings", {
      batchSize: 500,
      messagesPerSecond: 50,
      connections: 4,
      tracking: true,
    });
    expect(saved).toMatchObject({ status: 200, body: { batchSize: 500, messagesPerSecond: 50, tracking: true } });
    expect((await admin.get("/api/newsletters/settings")).body.connections).toBe(4);
    const bad = await admin.put("/api/newsletters/settings", {
      batchSize: 1,
      messagesPerSecond: 50,
      connections: 4,
      tracking: true,
    });
    expect(bad.status).toBe(400);
  });

  it("writes the audit log", async () => {
    const created = (await editor.post("/api/newsletters", { name: "Audited" })).body;
    await editor.delete(`/api/newsletters/${created._id}`);
    const rows = await context.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, created._id));
    expect(rows.map((row) => row.action).sort()).toEqual(["newsletter.archive", "newsletter.create"]);
  });
});

describe(`Settings: postal address on ${testDatabaseKind()}`, () => {
  it("is saved and read back", async () => {
    const saved = await admin.patch("/api/settings", { postalAddress: "  1 Fleet Street, London EC4  " });
    expect(saved.body.postalAddress).toBe("1 Fleet Street, London EC4");
    expect((await anonymous().get("/api/settings")).body.postalAddress).toBe("1 Fleet Street, London EC4");
    const tooLong = await admin.patch("/api/settings", { postalAddress: "x".repeat(301) });
    expect(tooLong).toMatchObject({ status: 400, body: { message: "Postal address must be at most 300 characters" } });
  });
});
