import type { SitePageSummary } from "@broadsheet/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import { EMPTY_PAGE, PageForm, parentChoices } from "./page-form";

const SLOW = { timeout: 8_000 };

const summary = (id: string, title: string, parentId: string | null): SitePageSummary => ({
  _id: id,
  title,
  slug: id,
  path: `/${id}`,
  parentId,
  parentTitle: null,
  isPublished: true,
  publishedAt: null,
  metaTitle: "",
  metaDescription: "",
  excerpt: "",
  socialImage: "",
  canonicalUrl: "",
  createdAt: "2026-11-28T00:00:00.000Z",
  updatedAt: "2026-11-28T00:00:00.000Z",
});

const pages = [
  summary("company", "Company", null),
  summary("team", "Team", "company"),
  summary("editors", "Editors", "team"),
  summary("contact", "Contact", null),
];

describe("the page form", { timeout: 20_000 }, () => {
  it("offers as parents every page but the page itself and those below it", () => {
    expect(parentChoices(pages, "team").map((page) => page._id)).toEqual(["company", "contact"]);
    expect(parentChoices(pages, "company").map((page) => page._id)).toEqual(["contact"]);
    expect(parentChoices(pages, undefined)).toHaveLength(4);
  });

  it("labels every field, counts the meta description's characters and previews the search result", async () => {
    renderRoute("/admin/add-page", () => (
      <PageForm mode="create" heading="Add Page" initial={EMPTY_PAGE} parents={pages} />
    ));
    expect(await screen.findByLabelText("Title", { exact: true }, SLOW)).toHaveProperty("value", "");
    expect(screen.getByLabelText("Slug")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /^Published/ })).toHaveProperty("checked", false);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "No parent",
      "Company",
      "Team",
      "Editors",
      "Contact",
    ]);
    await userEvent.type(screen.getByLabelText("Meta description"), "Who we are");
    expect(
      screen.getByText("10 of 155 characters. Leave empty to use the excerpt, else the start of the text."),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Canonical URL"), "https://first.example/about");
    const preview = within(screen.getByRole("figure", { name: "Search result preview" }));
    expect(preview.getByText("https://first.example/about")).toBeTruthy();
    expect(preview.getByText("Who we are")).toBeTruthy();
    expect(screen.getByLabelText("Excerpt")).toBeTruthy();
    expect(screen.getByLabelText("Social image")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save page" })).toBeTruthy();
  });
});
