import { screen, within } from "@testing-library/react";
import { FileText, Settings } from "lucide-react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import { AdminSectionMenu } from "./admin-section-menu";

const SLOW = { timeout: 8_000 };
const SECTIONS = [
  { to: "/admin/all-posts", label: "All Posts", icon: FileText },
  { to: "/admin/settings", label: "Settings", icon: Settings },
];

describe("the admin section menu", { timeout: 20_000 }, () => {
  it("tells a phone user that more sections follow sideways, and links every section", async () => {
    renderRoute("/admin/settings", () => <AdminSectionMenu sections={SECTIONS} />);
    const nav = await screen.findByRole("navigation", { name: "Admin" }, SLOW);
    const hint = within(nav).getByText("2 sections, scroll sideways →");
    // The hint is for narrow screens only; from md up the menu is a column with every item in view.
    expect(hint.className).toContain("md:hidden");
    expect(within(nav).getByRole("list").className).toContain("overflow-x-auto");
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["All Posts", "Settings"]);
    expect(within(nav).getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");
  });
});
