import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createAccount, newAccount, registerThroughApi } from "./support/accounts";
import { newApi } from "./support/api";
import { createCategory, createType } from "./support/content";
import { expect, test } from "./support/fixtures";
import { RUN, unique } from "./support/names";
import { expectToast, main, open, waitForHydration } from "./support/page";

/*
 * The admin area's managing screens: the guard, the dashboard, categories, types, votes
 * and users. The server starts with the demo magazine and one admin (playwright.config.ts);
 * everything a test makes carries a name unique to this run, so the tests stand alone.
 */

const DENIED = "This page can only be viewed by an admin user.";

const dialog = (page: Page) => page.getByRole("dialog");

/** The table row whose cells contain `text`. */
function rowWith(page: Page, text: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name: text, exact: true }) });
}

async function expectPermissionScreen(page: Page) {
  await expect(page.getByRole("heading", { name: "Permission denied" })).toBeVisible();
  await expect(page.getByText(DENIED)).toBeVisible();
  await expect(main(page).getByRole("link", { name: "Back To Home" })).toBeVisible();
}

test.describe("admin guard", () => {
  test("a logged-out visitor sees the permission screen", async ({ page }) => {
    const response = await page.goto("/admin/home");
    expect(response?.status()).toBe(401);
    await expectPermissionScreen(page);
    await expect(page).toHaveTitle("Permission denied | Broadsheet");
    await main(page).getByRole("link", { name: "Back To Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a reader (role user) sees the permission screen on every admin screen", async ({ readerPage: page }) => {
    for (const path of ["/admin/home", "/admin/category", "/admin/view-users"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expectPermissionScreen(page);
      await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    }
  });

  test("an editor gets in, but the Users screen is for admins only", async ({ editorPage: page }) => {
    await open(page, "/admin/home");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Categories" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Users" })).toHaveCount(0);

    const response = await page.goto("/admin/view-users");
    expect(response?.status()).toBe(403);
    await expectPermissionScreen(page);
    // The API refuses too.
    expect((await page.request.get("/api/users/getUsers")).status()).toBe(403);
  });

  test("/admin lands on the dashboard", async ({ adminPage: page }) => {
    await open(page, "/admin");
    await expect(page).toHaveURL(/\/admin\/home$/);
    await expect(page).toHaveTitle("Dashboard | Admin | Broadsheet");
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" })).toBeVisible();
  });
});

test.describe("dashboard", () => {
  test("shows the counts, the views chart, top posts and shares", async ({ adminPage: page }) => {
    await open(page, "/admin/home");
    const stats = (await (await page.request.get("/api/admin/stats")).json()) as {
      posts: { total: number; published: number; drafts: number };
      users: number;
      topPostsThisWeek: { slug: string; title: string }[];
    };
    const totals = page.getByRole("region", { name: "Totals" });
    const number = (value: number) => new Intl.NumberFormat("en-US").format(value);
    await expect(totals.getByRole("definition").first()).toHaveText(number(stats.posts.total));
    await expect(totals).toContainText(`${number(stats.posts.published)} published`);
    await expect(totals).toContainText(`Users${number(stats.users)}`);

    const chart = page.getByRole("img", { name: /Views per day, last 30 days/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator("rect")).toHaveCount(30);
    await expect(chart.getByText("Today")).toBeVisible();
    // The views chart's own table (the Subscribers chart has one too).
    await page.locator("figure").filter({ has: chart }).getByText("Show as table").click();
    await expect(page.getByRole("table", { name: "Views per day, last 30 days" }).getByRole("row")).toHaveCount(31);

    const top = page.getByRole("region", { name: "Top posts this week" });
    const first = stats.topPostsThisWeek[0];
    if (first) {
      await expect(top.getByRole("link", { name: first.title })).toHaveAttribute("href", `/page/${first.slug}`);
    } else {
      await expect(top.getByText("No views this week yet.")).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "Shares by platform" })).toBeVisible();
    // The e2e server runs on PGlite, one process: rate limits are counted in it, and it says so.
    await expect(page.getByText("Rate limits: counted in this process", { exact: true })).toBeVisible();
  });

  test("deletes a latest comment after asking", async ({ adminPage: page, adminRequest: api }) => {
    const list = (await (await api.get("/api/posts?limit=1")).json()) as { items: { slug: string }[] };
    const post = list.items[0];
    expect(post, "the demo magazine has posts").toBeTruthy();
    const text = unique("Dashboard comment");
    const made = await api.post(`/api/posts/${post?.slug}/comments`, { data: { comment: text } });
    expect(made.status(), await made.text()).toBe(201);

    await open(page, "/admin/home");
    const comments = page.getByRole("region", { name: "Latest comments" });
    const item = comments.getByRole("listitem").filter({ hasText: text });
    await expect(item).toBeVisible();

    await item.getByRole("button", { name: /^Delete comment/ }).click();
    await expect(dialog(page).getByRole("heading", { name: "Are you sure to delete?" })).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(item).toBeVisible();

    await item.getByRole("button", { name: /^Delete comment/ }).click();
    await dialog(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Comment deleted successfully");
    await expect(comments.getByText(text)).toHaveCount(0);
  });
});

test.describe("categories", () => {
  test("checks the name, creates, numbers the rows and keeps what was typed on a refusal", async ({
    adminPage: page,
  }) => {
    await open(page, "/admin/category");
    await expect(page).toHaveTitle("Categories | Admin | Broadsheet");
    await expect(page.getByRole("columnheader", { name: "s/n" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Name" })).toBeVisible();

    const name = page.getByLabel("Category name");
    const create = page.getByRole("button", { name: "Create Category" });
    await name.fill("ab");
    await create.click();
    await expectToast(page, "Category name must be up to 3 characters");
    await expect(name).toHaveValue("ab");

    const category = unique("Science");
    await name.fill(category);
    await create.click();
    await expectToast(page, "Category created Successful");
    const row = rowWith(page, category);
    await expect(row).toBeVisible();
    await expect(name).toHaveValue("");

    // s/n counts 1, 2, 3… down the table.
    const serials = await page.locator("tbody tr td:first-child").allTextContents();
    expect(serials).toEqual(serials.map((_, index) => String(index + 1)));

    // The server refuses a duplicate; the form keeps the name and shows why.
    await name.fill(category);
    await create.click();
    await expectToast(page, "Category already exists");
    await expect(name).toHaveValue(category);
  });

  test("deletes only after Delete, and explains when the category is in use", async ({
    adminPage: page,
    adminRequest: api,
  }) => {
    const free = unique("Gardening");
    const used = unique("Motoring");
    for (const name of [free, used]) await createCategory(api, name);
    await createType(api, unique("Rally"), used);

    await open(page, "/admin/category");
    const row = rowWith(page, free);
    await row.getByRole("button", { name: `Delete category ${free}` }).click();
    await expect(dialog(page).getByRole("heading", { name: "Are you sure to delete this category?" })).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(row).toBeVisible();
    // Escape cancels too (keyboard).
    await row.getByRole("button", { name: `Delete category ${free}` }).click();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await page.reload();
    await waitForHydration(page);
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Delete category ${free}` }).click();
    await dialog(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Category deleted successfully");
    await expect(row).toHaveCount(0);

    const usedRow = rowWith(page, used);
    await usedRow.getByRole("button", { name: `Delete category ${used}` }).click();
    await dialog(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "This category is still used by posts or types; move or delete them first");
    await expect(usedRow).toBeVisible();
  });
});

test.describe("types", () => {
  test("checks name and category, creates with the chosen category and deletes", async ({
    adminPage: page,
    adminRequest: api,
  }) => {
    const category = unique("Weather");
    await createCategory(api, category);
    await open(page, "/admin/brand");
    await expect(page).toHaveTitle("Types | Admin | Broadsheet");
    await expect(page.getByRole("heading", { level: 1, name: "Types" })).toBeVisible();
    for (const header of ["s/n", "Name", "Category"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }

    const name = page.getByLabel("Type name");
    const select = page.getByLabel("Category", { exact: true });
    const create = page.getByRole("button", { name: "Create Type" });
    await expect(select.locator("option").first()).toHaveText("Select category");

    await name.fill("a");
    await create.click();
    await expectToast(page, "Type name must be up to 3 characters");

    const type = unique("Storms");
    await name.fill(type);
    await create.click();
    await expectToast(page, "Please select a category");
    await expect(name).toHaveValue(type);

    await select.selectOption(category);
    await create.click();
    await expectToast(page, "Post Type created Successful");
    const row = rowWith(page, type);
    await expect(row.getByRole("cell", { name: category, exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Delete type ${type}` }).click();
    await expect(dialog(page).getByRole("heading", { name: "Are you sure to delete?" })).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `Delete type ${type}` }).click();
    await dialog(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Type deleted successfully");
    await expect(row).toHaveCount(0);
  });
});

async function pollIdByTitle(api: APIRequestContext, title: string): Promise<string> {
  const list = (await (await api.get("/api/votes?limit=50")).json()) as { items: { _id: string; title: string }[] };
  const poll = list.items.find((item) => item.title === title);
  if (!poll) throw new Error(`poll ${title} not found`);
  return poll._id;
}

test.describe("votes", () => {
  test("add vote requires every field, then lands on all votes with the bars", async ({
    adminPage: page,
    adminRequest: api,
    playwright,
  }) => {
    await open(page, "/admin/add-vote");
    await expect(page).toHaveTitle("Add Vote | Admin | Broadsheet");
    const create = page.getByRole("button", { name: "Create Vote" });
    await create.click();
    await expectToast(page, "Please fill in the title and all three options");

    const title = unique("Best season");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Option one").fill("Spring");
    await page.getByLabel("Option two").fill("Summer");
    await create.click();
    await expectToast(page, "Please fill in the title and all three options");
    await expect(page.getByLabel("Title")).toHaveValue(title);

    await page.getByLabel("Option three").fill("Autumn");
    await create.click();
    await expectToast(page, "Vote created Successful");
    await expect(page).toHaveURL(/\/admin\/all-votes$/);
    const card = page.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText("Spring: 0 votes, 0%")).toBeAttached();

    // Two readers vote: the bars show the split.
    const id = await pollIdByTitle(api, title);
    expect((await api.put(`/api/votes/vote/${id}`, { data: { option: 1 } })).ok()).toBeTruthy();
    const readerApi = await newApi(playwright);
    await registerThroughApi(readerApi, newAccount("voter"));
    expect((await readerApi.put(`/api/votes/vote/${id}`, { data: { option: 2 } })).ok()).toBeTruthy();

    await page.reload();
    await expect(card.getByText("Spring: 1 vote, 50%")).toBeAttached();
    await expect(card.getByText("Summer: 1 vote, 50%")).toBeAttached();
    await expect(card.getByText("Autumn: 0 votes, 0%")).toBeAttached();
    await expect(card).toContainText("Total: 2 votes");
    await readerApi.dispose();
  });

  test("deletes a vote after asking", async ({ adminPage: page, adminRequest: api }) => {
    const title = unique("Favourite fruit");
    const made = await api.post("/api/votes", {
      data: { title, optionOne: "Apple", optionTwo: "Pear", optionThree: "Plum" },
    });
    expect(made.status(), await made.text()).toBe(201);

    await open(page, "/admin/all-votes");
    const card = page.getByRole("article", { name: title });
    await card.getByRole("button", { name: `Delete poll ${title}` }).click();
    await expect(dialog(page).getByRole("heading", { name: "Are you sure to delete?" })).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: `Delete poll ${title}` }).click();
    await dialog(page).getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Vote deleted successfully");
    await expect(card).toHaveCount(0);
  });
});

test.describe("users", () => {
  test("searches by email and changes a role", async ({ adminPage: page, playwright }) => {
    const member = await createAccount(playwright, newAccount("role-change"));
    await open(page, "/admin/view-users");
    await expect(page).toHaveTitle("Users | Admin | Broadsheet");
    for (const header of ["s/n", "ID", "Email", "Role"]) {
      await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
    }

    await page.getByLabel("Search users by email").fill(member.email);
    await page.getByLabel("Search users by email").press("Enter");
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(member.email)}`));
    await expect(page.locator("tbody tr")).toHaveCount(1);
    const row = page.locator("tbody tr").first();
    await expect(row.getByRole("cell").first()).toHaveText("1");
    await expect(row).toContainText(member.email);
    await expect(row.getByRole("cell").nth(1)).toHaveText(`${member._id.slice(0, 16)}...`);

    const role = page.getByLabel(`Role for ${member.email}`);
    const update = row.getByRole("button", { name: "Update Role" });
    await expect(role).toHaveValue("user");
    await expect(update).toBeDisabled();
    await role.selectOption("editor");
    await expect(update).toBeEnabled();
    await role.selectOption("user");
    await expect(update).toBeDisabled();
    await role.selectOption("editor");
    await update.click();
    await expectToast(page, "User role updated successfully");
    await expect(update).toBeDisabled();
    await expect(role).toHaveValue("editor");

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel(`Role for ${member.email}`)).toHaveValue("editor");
  });

  test("pages six users at a time, and says when nobody matches", async ({ adminPage: page, playwright }) => {
    const tag = `pager-${RUN}`;
    for (let index = 0; index < 8; index++) await createAccount(playwright, newAccount(tag));

    await open(page, `/admin/view-users?search=${tag}`);
    await expect(page.locator("tbody tr")).toHaveCount(6);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager.getByText("Prev")).toHaveAttribute("aria-disabled", "true");
    await expect(pager.locator("[aria-current=page]")).toHaveText("Page 1");
    await expect(pager.getByRole("link", { name: "Page 2" })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Page 3" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await expect(page.locator("tbody tr td:first-child")).toHaveText(["7", "8"]);
    await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
    await pager.getByRole("link", { name: "Prev" }).click();
    await expect(page.locator("tbody tr")).toHaveCount(6);

    await open(page, `/admin/view-users?search=nobody-${RUN}`);
    await expect(page.getByText("No user found...")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  });
});

test.describe("accessibility basics", () => {
  test("every field and button of the managing screens has a name", async ({ adminPage: page }) => {
    test.setTimeout(60_000);
    for (const path of ["/admin/home", "/admin/category", "/admin/brand", "/admin/add-vote", "/admin/view-users"]) {
      await open(page, path);
      const unnamed = await page.evaluate(() => {
        const missing: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>("#main button, #main input, #main select")) {
          if (element instanceof HTMLInputElement && element.type === "hidden") continue;
          const labelled =
            element.getAttribute("aria-label") ||
            element.getAttribute("aria-labelledby") ||
            (element as HTMLInputElement).labels?.length ||
            (element.tagName === "BUTTON" && element.textContent?.trim());
          if (!labelled) missing.push(element.outerHTML.slice(0, 80));
        }
        return missing;
      });
      expect(unnamed, path).toEqual([]);
    }
  });
});
