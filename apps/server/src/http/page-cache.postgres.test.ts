import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDatabase } from "../db/client";
import { createLogger } from "../logger";
import { insertCategory, insertPost } from "../testing/fixtures";
import { signUp, TestAgent } from "../testing/test-agent";
import { testConfig, useTestApp } from "../testing/test-app";
import { loadBuiltPages } from "./pages";

/* Runs only in the PostgreSQL project: two instances sharing one database. */
const context = useTestApp();
const IMAGE = `/media/${"d".repeat(64)}.webp`;

describe("page cache across instances sharing PostgreSQL", () => {
  it("a write on one instance clears the other's cached pages and reads (LISTEN/NOTIFY)", async () => {
    const url = context.database.url as string;
    const config = testConfig({ DATABASE_URL: url });
    const render = await loadBuiltPages();
    const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
    const writer = createApp({ config, database: context.database, logger: createLogger(config), pages: { render } });
    const reader = createApp({ config, database: otherDatabase, logger: createLogger(config), pages: { render } });
    try {
      await Promise.all([writer.services.publicPages.ready, reader.services.publicPages.ready]);
      const editor = await signUp(writer, { role: "editor" });
      const member = await signUp(reader);
      const category = await insertCategory(context.database.db, "Shared Desk");
      const page = "/search?category=Shared%20Desk";
      await reader.request(page);
      expect((await reader.request(page)).headers.get("x-cache")).toBe("HIT");
      // A logged-in reader's page is rendered fresh, but from the shared read cache.
      const memberList = "/api/posts?category=Shared%20Desk";
      expect((await member.agent.get(memberList)).body.items).toEqual([]);

      const created = await editor.agent.post("/api/posts", {
        title: "Seen everywhere",
        category: category.slug,
        image: [IMAGE],
      });
      expect(created.status).toBe(201);
      let html = "";
      for (let attempt = 0; attempt < 100 && !html.includes("Seen everywhere"); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        html = await (await reader.request(page)).text();
      }
      expect(html).toContain("Seen everywhere");
      const seenByMember = await member.agent.get(memberList);
      expect(seenByMember.body.items.map((post: { title: string }) => post.title)).toEqual(["Seen everywhere"]);
      expect(seenByMember.body.items[0]).toMatchObject({ likedByMe: false, inReadLater: false });
    } finally {
      await reader.services.close();
      await writer.services.close();
      await otherDatabase.close();
    }
  });

  it("a settings change on one instance shows on the other's next anonymous page (issue 15)", async () => {
    const url = context.database.url as string;
    const config = testConfig({ DATABASE_URL: url });
    const render = await loadBuiltPages();
    const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
    const writer = createApp({ config, database: context.database, logger: createLogger(config), pages: { render } });
    const reader = createApp({ config, database: otherDatabase, logger: createLogger(config), pages: { render } });
    try {
      await Promise.all([writer.services.publicPages.ready, reader.services.publicPages.ready]);
      const admin = await signUp(writer, { role: "admin" });
      await reader.request("/terms");
      expect((await reader.request("/terms")).headers.get("x-cache")).toBe("HIT");
      expect((await admin.agent.patch("/api/settings", { siteName: "Harbour Gazette" })).status).toBe(200);
      let html = "";
      for (let attempt = 0; attempt < 100 && !html.includes("Harbour Gazette"); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        html = await (await reader.request("/terms")).text();
      }
      expect(html).toContain("<title>Terms | Harbour Gazette</title>");
    } finally {
      await reader.services.close();
      await writer.services.close();
      await otherDatabase.close();
    }
  });

  it("a reader's like, role and logout on one instance hold on the other within a second", async () => {
    const url = context.database.url as string;
    const config = testConfig({ DATABASE_URL: url });
    const render = await loadBuiltPages();
    const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
    const first = createApp({ config, database: context.database, logger: createLogger(config), pages: { render } });
    const second = createApp({ config, database: otherDatabase, logger: createLogger(config), pages: { render } });
    const eventually = async (check: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 50 && !(await check()); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return check();
    };
    try {
      await Promise.all([first.services.publicPages.ready, second.services.publicPages.ready]);
      const post = await insertPost(context.database.db, { title: "Liked over there" });
      const admin = await signUp(first, { role: "admin" });
      const reader = await signUp(first);
      // The same browser, its requests answered by the other instance.
      const onSecond = new TestAgent(second);
      onSecond.cookie = reader.agent.cookie;
      expect((await onSecond.get(`/api/posts/${post.id}`)).body.likedByMe).toBe(false);
      expect((await onSecond.get("/api/users/getUser")).body.role).toBe("user");

      // The shared reader page (decision 016) and the state it asks for.
      const sharedPage = async () =>
        (
          await second.request(`/page/${post.slug}`, { headers: { cookie: `${onSecond.cookie}; broadsheet_js=1` } })
        ).headers.get("x-page-audience");
      expect(await sharedPage()).toBe("reader");
      const state = `/api/users/viewer-state?posts=${post.id}`;
      expect((await onSecond.get(state)).body.liked).toEqual([]);

      expect((await reader.agent.put(`/api/posts/addLike/${post.id}`)).status).toBe(200);
      expect(await eventually(async () => (await onSecond.get(`/api/posts/${post.id}`)).body.likedByMe === true)).toBe(
        true,
      );
      expect((await onSecond.get(state)).body.liked).toEqual([post.id]);

      await admin.agent.patch("/api/users/updateRole", { id: reader.user._id, role: "editor" });
      expect(await eventually(async () => (await onSecond.get("/api/users/getUser")).body.role === "editor")).toBe(
        true,
      );
      // Staff never get the shared reader page.
      expect(await sharedPage()).toBeNull();

      await reader.agent.post("/api/users/logout");
      expect(await eventually(async () => (await onSecond.get("/api/users/getUser")).status === 401)).toBe(true);
    } finally {
      await second.services.close();
      await first.services.close();
      await otherDatabase.close();
    }
  });
});
