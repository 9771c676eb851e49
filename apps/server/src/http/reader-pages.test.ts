import { describe, expect, it } from "vitest";
import { insertCategory } from "../testing/fixtures";
import { signUp, type TestAgent } from "../testing/test-agent";
import { useTestApp } from "../testing/test-app";
import { testDatabaseKind } from "../testing/test-database";

/*
 * Decision 016: logged-in readers whose browser runs the page's scripts share one cached
 * copy of each public page; their own state comes from GET /api/users/viewer-state.
 */
const context = useTestApp({ pages: true });
const IMAGE = `/media/${"d".repeat(64)}.webp`;
const SCRIPTS_ON = "broadsheet_js=1";

async function publishedPost(title: string) {
  const editor = await signUp(context.app, { role: "editor" });
  const category = await insertCategory(context.database.db, `Shelf ${Math.random().toString(36).slice(2, 8)}`);
  const response = await editor.agent.post("/api/posts", { title, category: category.slug, image: [IMAGE] });
  expect(response.status).toBe(201);
  return { editor, post: response.body as { _id: string; slug: string } };
}

function pageFor(agent: TestAgent, path: string, { scripts = true } = {}) {
  const cookie = [agent.cookie, scripts ? SCRIPTS_ON : ""].filter(Boolean).join("; ");
  return context.app.request(path, { headers: { cookie } });
}

/** The viewer-state address a shared reader page preloads. */
function preloadedViewerState(html: string): string {
  const href = html.match(/<link rel="preload" as="fetch" href="([^"]+)"/)?.[1];
  expect(href, "the page preloads the reader's state").toBeTruthy();
  return (href ?? "").replaceAll("&amp;", "&");
}

async function viewerState(agent: TestAgent, href: string) {
  const response = await agent.get<{ user: { _id: string; name: string } | null; liked: string[]; saved: string[] }>(
    href,
  );
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return response.body;
}

describe(`pages shared by logged-in readers on ${testDatabaseKind()}`, () => {
  it("gives readers with scripts one cached copy that names nobody, and each reader their own state", async () => {
    const { post } = await publishedPost("A story every reader shares");
    const path = `/page/${post.slug}`;
    const ada = await signUp(context.app, { name: "Ada Shared-Reader", email: "ada.shared@example.com" });
    const bob = await signUp(context.app, { name: "Bob Shared-Reader", email: "bob.shared@example.com" });
    expect((await ada.agent.put(`/api/posts/addLike/${post._id}`)).status).toBe(200);

    const first = await pageFor(ada.agent, path);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-audience")).toBe("reader");
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const second = await pageFor(bob.agent, path);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    // One copy: the same page for both.
    const [adaHtml, bobHtml] = [await first.text(), await second.text()];
    expect(bobHtml).toBe(adaHtml);
    for (const personal of ["Ada Shared-Reader", "ada.shared@example.com", "Bob Shared-Reader", ada.user._id]) {
      expect(adaHtml).not.toContain(personal);
    }
    // A logged-in page: Profile and Logout, no Login.
    expect(adaHtml).toContain("Logout");
    expect(adaHtml).not.toContain(">Login<");

    const href = preloadedViewerState(adaHtml);
    expect(href).toContain(post._id);
    const adaState = await viewerState(ada.agent, href);
    expect(adaState.user?.name).toBe("Ada Shared-Reader");
    expect(adaState.liked).toEqual([post._id]);
    const bobState = await viewerState(bob.agent, href);
    expect(bobState.user?.name).toBe("Bob Shared-Reader");
    expect(bobState.liked).toEqual([]);
  });

  it("reflects a like, a save, an unlike and a vote on the reader's very next state", async () => {
    const { editor, post } = await publishedPost("Marked on the next view");
    const poll = await editor.agent.post<{ _id: string }>("/api/votes", {
      title: "Shared page poll?",
      optionOne: "Yes",
      optionTwo: "No",
      optionThree: "Maybe",
    });
    const reader = await signUp(context.app);
    const href = `/api/users/viewer-state?posts=${post._id}&polls=${poll.body._id}`;
    expect(await viewerState(reader.agent, href)).toMatchObject({ liked: [], saved: [], votes: {} });

    await reader.agent.put(`/api/posts/addLike/${post._id}`);
    expect((await reader.agent.post("/api/users/addToWishlist", { postId: post._id })).status).toBe(200);
    await reader.agent.put(`/api/votes/vote/${poll.body._id}`, { option: 2 });
    expect(await viewerState(reader.agent, href)).toMatchObject({
      liked: [post._id],
      saved: [post._id],
      votes: { [poll.body._id]: 2 },
    });
    await reader.agent.put(`/api/posts/removeLike/${post._id}`);
    expect((await viewerState(reader.agent, href)).liked).toEqual([]);
  });

  it("shows a reader's new comment on their very next view of the shared copy", async () => {
    const { post } = await publishedPost("Comments arrive at once");
    const path = `/page/${post.slug}`;
    const reader = await signUp(context.app, { name: "Quick Commenter" });
    await pageFor(reader.agent, path);
    expect((await pageFor(reader.agent, path)).headers.get("x-cache")).toBe("HIT");
    const commented = await reader.agent.post(`/api/posts/${post._id}/comments`, { comment: "First in line." });
    expect(commented.status).toBe(201);
    const next = await pageFor(reader.agent, path);
    expect(next.headers.get("x-page-audience")).toBe("reader");
    expect(await next.text()).toContain("First in line.");
  });

  it("renders the page for the reader alone without scripts, for staff, and on their own pages", async () => {
    const { post } = await publishedPost("Rendered for one");
    const path = `/page/${post.slug}`;
    const reader = await signUp(context.app, { email: "no.scripts@example.com" });
    for (let i = 0; i < 2; i++) {
      const noScripts = await pageFor(reader.agent, path, { scripts: false });
      expect(noScripts.headers.get("x-page-audience")).toBeNull();
      expect(noScripts.headers.get("cache-control")).toBe("private, no-cache");
      expect(await noScripts.text()).toContain("no.scripts@example.com");
    }

    const editor = await signUp(context.app, { role: "editor", email: "staff.page@example.com" });
    const staffPage = await pageFor(editor.agent, path);
    expect(staffPage.headers.get("x-page-audience")).toBeNull();
    expect(staffPage.headers.get("x-cache")).toBeNull();
    const staffHtml = await staffPage.text();
    expect(staffHtml).toContain("staff.page@example.com");
    expect(staffHtml).toContain(">Admin<");

    for (let i = 0; i < 2; i++) {
      const profile = await pageFor(reader.agent, "/profile");
      expect(profile.status).toBe(200);
      expect(profile.headers.get("x-page-audience")).toBeNull();
      expect(await profile.text()).toContain("no.scripts@example.com");
    }
  });

  it("sends a browser that stopped running scripts back to the page rendered for its reader", async () => {
    const { post } = await publishedPost("Scripts turned off later");
    const path = `/page/${post.slug}?from=home`;
    const reader = await signUp(context.app, { email: "scripts.off@example.com" });
    const shared = await (await pageFor(reader.agent, path)).text();
    // Only a browser without scripts follows a <noscript> refresh.
    expect(shared).toContain(
      `<noscript><meta http-equiv="refresh" content="0; url=/scripts-off?to=${encodeURIComponent(path)}"/></noscript>`,
    );
    const personal = await (await pageFor(reader.agent, path, { scripts: false })).text();
    expect(personal).not.toContain("/scripts-off");

    const back = await context.app.request(`/scripts-off?to=${encodeURIComponent(path)}`, {
      headers: { cookie: `${reader.agent.cookie}; broadsheet_js=1` },
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(path);
    expect(back.headers.get("set-cookie")).toMatch(/^broadsheet_js=; Max-Age=0; Path=\//);
    const accented = await context.app.request(`/scripts-off?to=${encodeURIComponent("/search?search=café €")}`);
    expect(accented.headers.get("location")).toBe("/search?search=caf%C3%A9%20%E2%82%AC");
    for (const elsewhere of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "page"]) {
      const refused = await context.app.request(`/scripts-off?to=${encodeURIComponent(elsewhere)}`);
      expect(refused.status, elsewhere).toBe(303);
      expect(refused.headers.get("location"), elsewhere).toBe("/");
    }
  });

  it("shares a page again once what made it personal changed (a draft published)", async () => {
    const { editor, post } = await publishedPost("Back and forth");
    expect((await editor.agent.patch(`/api/posts/${post._id}/publish`)).status).toBe(200);
    const path = `/page/${post.slug}`;
    const reader = await signUp(context.app);
    const hidden = await pageFor(reader.agent, path);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("x-page-audience")).toBeNull();
    expect((await editor.agent.patch(`/api/posts/${post._id}/publish`)).status).toBe(200);
    const shown = await pageFor(reader.agent, path);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("x-page-audience")).toBe("reader");
  });

  it("stops sharing the reader page the moment a reader becomes staff or logs out", async () => {
    const { post } = await publishedPost("Roles change");
    const path = `/page/${post.slug}`;
    const reader = await signUp(context.app);
    expect((await pageFor(reader.agent, path)).headers.get("x-page-audience")).toBe("reader");

    await context.app.services.users.updateRole(reader.user._id, "editor");
    const asEditor = await pageFor(reader.agent, path);
    expect(asEditor.headers.get("x-page-audience")).toBeNull();
    expect(await asEditor.text()).toContain(">Admin<");

    await context.app.services.users.updateRole(reader.user._id, "user");
    expect((await pageFor(reader.agent, path)).headers.get("x-page-audience")).toBe("reader");
    const staleCookie = reader.agent.cookie;
    await reader.agent.post("/api/users/logout");
    const afterLogout = await context.app.request(path, { headers: { cookie: `${staleCookie}; ${SCRIPTS_ON}` } });
    expect(afterLogout.headers.get("x-page-audience")).toBeNull();
    expect(await afterLogout.text()).toContain(">Login<");
  });

  it("answers viewer-state for anyone, ignoring what is not an id and capping the list", async () => {
    const anonymous = await context.app.request("/api/users/viewer-state?posts=1,2");
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ user: null, liked: [], saved: [], votes: {} });

    const reader = await signUp(context.app);
    const { post } = await publishedPost("Among many ids");
    await reader.agent.put(`/api/posts/addLike/${post._id}`);
    const junk = ["x", "'; drop table posts; --", "%00", ...Array.from({ length: 300 }, () => crypto.randomUUID())];
    const capped = await viewerState(
      reader.agent,
      `/api/users/viewer-state?posts=${[post._id, ...junk].map(encodeURIComponent).join(",")}&polls=nope`,
    );
    expect(capped.liked).toEqual([post._id]);
    const beyondCap = await viewerState(
      reader.agent,
      `/api/users/viewer-state?posts=${[...junk.slice(3), post._id].join(",")}`,
    );
    expect(beyondCap.liked).toEqual([]);
  });
});
