import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TagInput } from "./tag-input";

/* The editor's Tags field in jsdom: chips, the hidden fields the form sends, and suggestions. */

const suggestions = (names: string[]) =>
  new Response(
    JSON.stringify({
      items: names.map((name, index) => ({ _id: `${index}`, name, slug: name.toLowerCase(), postCount: 1 })),
      total: names.length,
      page: 1,
      limit: 10,
    }),
    { headers: { "content-type": "application/json" } },
  );

const sentTags = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="tags"]')].map((input) => input.value);

describe("TagInput", () => {
  const fetchMock = vi.fn(async (_url: string) => suggestions([]));
  beforeEach(() => vi.stubGlobal("fetch", fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  it("adds a tag on Enter or a comma, once whatever its case, and removes it with its button", async () => {
    const user = userEvent.setup();
    const { container } = render(<TagInput initialTags={["Science"]} />);
    const box = screen.getByRole("combobox", { name: "Tags" });
    await user.type(box, "  Deep   sea {Enter}");
    await user.type(box, "science,Climate,");
    const chips = screen.getByRole("list", { name: "Tags of this post" });
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((chip) => chip.textContent),
    ).toEqual(["Science", "Deep sea", "Climate"]);
    expect(sentTags(container)).toEqual(["Science", "Deep sea", "Climate"]);
    await user.click(screen.getByRole("button", { name: "Remove tag Deep sea" }));
    expect(sentTags(container)).toEqual(["Science", "Climate"]);
    expect(box).toHaveProperty("value", "");
  });

  it("suggests existing tags starting with what is typed; arrow keys and Enter pick one", async () => {
    fetchMock.mockImplementation(async () => suggestions(["Volcanoes", "Volleyball"]));
    const user = userEvent.setup();
    const { container } = render(<TagInput initialTags={[]} />);
    const box = screen.getByRole("combobox", { name: "Tags" });
    await user.type(box, "vol");
    const listbox = await screen.findByRole("listbox", { name: "Suggested tags" });
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Volcanoes", "Volleyball"]);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain("/api/tags?search=vol");
    expect(box.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(box.getAttribute("aria-activedescendant")).toBe(within(listbox).getAllByRole("option")[1]?.id);
    await user.keyboard("{Enter}");
    expect(sentTags(container)).toEqual(["Volleyball"]);
  });
});
