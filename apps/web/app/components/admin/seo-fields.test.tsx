import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { lengthHint, SeoFields } from "./seo-fields";

/* The editor's Search and social section: counts against what a search result shows, and a preview that falls back as the page does. */

const EMPTY = { excerpt: "", metaTitle: "", metaDescription: "", socialImage: "", canonicalUrl: "" };

function renderFields(initial = EMPTY) {
  render(
    <SeoFields
      kind="post"
      initial={{
        ...initial,
        title: "The keepers",
        content: "<h2>A life on the rocks</h2><p>The last keepers left in 1998.</p>",
      }}
      address="/page/the-keepers"
    />,
  );
  return within(screen.getByRole("figure", { name: "Search result preview" }));
}

describe("the Search and social section", () => {
  it("previews the title and the body's text without its heading when the fields are empty", () => {
    const preview = renderFields();
    expect(preview.getByText("The keepers")).toBeTruthy();
    expect(preview.getByText("The last keepers left in 1998.")).toBeTruthy();
    expect(preview.getByText("/page/the-keepers")).toBeTruthy();
  });

  it("counts the meta title's characters and previews what is typed, the excerpt before the text", async () => {
    const preview = renderFields();
    await userEvent.type(screen.getByLabelText("Search headline"), "Longstone's last keepers");
    expect(
      screen.getByText("24 of 60 characters. The page's meta title; leave empty to use the story's headline."),
    ).toBeTruthy();
    expect(preview.getByText("Longstone's last keepers")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Excerpt"), "Thirty years on the rock.");
    expect(preview.getByText("Thirty years on the rock.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Meta description"), "Why the light went automatic.");
    expect(preview.getByText("Why the light went automatic.")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Canonical URL"), "https://coast.example.org/k");
    expect(preview.getByText("https://coast.example.org/k")).toBeTruthy();
  });

  it("says when search results cut a field", () => {
    expect(lengthHint(48, 60)).toBe("48 of 60 characters");
    expect(lengthHint(72, 60)).toBe("72 of 60 characters: search results cut the rest");
  });
});
