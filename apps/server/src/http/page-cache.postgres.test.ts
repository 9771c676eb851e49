import { describe, expect, it, vi } from "vitest";
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

/** Two instances on the test's database, each with its own connection, listening to the bus. */
async function twoInstances() {
  const url = context.database.url as string;
  const config = testConfig({ DATABASE_URL: url });
  const render = await loadBuiltPages();
  const otherDatabase = await openDatabase({ dataDir: "", databaseUrl: url });
  const first = createApp({ config, database: context.database, logger: createLogger(config), pages: { render } });
  const second = createApp({ config, database: otherDatabase, logger: createLogger(config), pages: { render } });
  await Promise.all([first.services.publicPages.ready, second.services.publicPages.ready]);
  return {
    first,
    second,
    async close() {
      await second.services.close();
      await first.services.close();
      await otherDatabase.close();
    },
  };
}

describe("page cache across instances sharing PostgreSQL", () => {
  it("a write on one instance clears the other's cached pages and reads (LISTEN/NOTIFY)", async () => {
    const { first: writer, second: reader, close } = await twoInstances();
    try {
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
      await close();
    }
  });

  it("a settings change on one instance shows on the other's next anonymous page (issue 15)", async () => {
    const { first: writer, second: reader, close } = await twoInstances();
    try {
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
      await close();
    }
  });

  it("a reader's like, role and logout on one instance hold on the other within a second", async () => {
    const { first, second, close } = await twoInstances();
    const eventually = async (check: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 50 && !(await check()); attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return check();
    };
    try {
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
      await close();
    }
  });

  it("a HEAD on one instance stores nothing and blanks nothing; either instance answers the other's ETag with 304", async () => {
    const { first, second, close } = await twoInstances();
    // Pages show the time to the minute: held still, the two instances render the same bytes.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const head = await first.request("/terms?instances=head", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      for (const instance of [first, second]) {
        const page = await instance.request("/terms?instances=head");
        expect(page.headers.get("x-cache")).toBe("MISS");
        expect(await page.text()).toContain("</html>");
      }
      const etag = (await first.request("/terms?instances=head")).headers.get("etag") ?? "";
      expect(etag).toMatch(/^W\/".+"$/);
      const fromOther = await second.request("/terms?instances=head", { headers: { "if-none-match": etag } });
      expect(fromOther.status).toBe(304);
      expect(fromOther.headers.get("etag")).toBe(etag);
      // And for a page neither keeps, rendered anew on each.
      const login = (await first.request("/login")).headers.get("etag") ?? "";
      expect((await second.request("/login", { headers: { "if-none-match": login } })).status).toBe(304);
    } finally {
      vi.useRealTimers();
      await close();
    }
  });
});
