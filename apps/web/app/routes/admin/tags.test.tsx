import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import TagsScreen from "./tags";

/* Admin → Tags from a stand-in loader: the table, and what rename and merge send to the action. */

const SLOW = { timeout: 8_000 };

const tags = {
  items: [
    { _id: "11111111-1111-4111-8111-111111111111", name: "Lava", slug: "lava", postCount: 3 },
    { _id: "22222222-2222-4222-8222-222222222222", name: "Volcanoes", slug: "volcanoes", postCount: 1 },
  ],
  total: 2,
  page: 1,
  limit: 50,
};

function renderTags() {
  const sent: Record<string, string>[] = [];
  renderRoute("/admin/tags", TagsScreen, {
    loader: () => ({ tags, search: "" }),
    action: async ({ request }) => {
      sent.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
      return { ok: true, intent: "rename", message: "Done" };
    },
  });
  return sent;
}

describe("Admin → Tags", { timeout: 20_000 }, () => {
  it("lists each tag with its slug and post count, linked to its page", async () => {
    renderTags();
    const table = await screen.findByRole("table", { name: "Tags" }, SLOW);
    const lava = within(table).getByRole("row", { name: /^Lava/ });
    expect(
      within(lava)
        .getAllByRole("cell")
        .map((cell) => cell.textContent?.trim()),
    ).toEqual(expect.arrayContaining(["Lava", "lava", "3"]));
    expect(within(lava).getByRole("link", { name: "Lava" }).getAttribute("href")).toBe("/tag/lava");
    expect(within(lava).getByRole("button", { name: "Delete tag Lava" })).toBeTruthy();
    expect(screen.getByText("2 tags")).toBeTruthy();
  });

  it("sends a rename with the tag's id, new name and slug, and a merge with the chosen tag", async () => {
    const sent = renderTags();
    const user = userEvent.setup();
    const table = await screen.findByRole("table", { name: "Tags" }, SLOW);
    const lava = within(table).getByRole("row", { name: /^Lava/ });
    await user.click(within(lava).getByLabelText("Rename tag Lava"));
    const name = within(lava).getByLabelText("New name");
    await user.clear(name);
    await user.type(name, "Molten rock");
    await user.click(within(lava).getByRole("button", { name: "Save" }));
    await expect
      .poll(() => sent[0])
      .toEqual({
        intent: "rename",
        id: tags.items[0]?._id,
        name: "Molten rock",
        slug: "lava",
      });
    await user.click(within(lava).getByLabelText("Merge tag Lava"));
    // Any tag by name, this page's suggested.
    const into = within(lava).getByLabelText("Merge Lava into");
    expect(
      [...((into as HTMLInputElement).list?.querySelectorAll("option") ?? [])].map((option) => option.value),
    ).toEqual(["Lava", "Volcanoes"]);
    await user.type(into, "Volcanoes");
    await user.click(within(lava).getByRole("button", { name: "Merge" }));
    await expect.poll(() => sent[1]).toEqual({ intent: "merge", id: tags.items[0]?._id, into: "Volcanoes" });
  });
});
