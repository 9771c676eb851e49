import type { Settings } from "@broadsheet/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import SettingsScreen from "./settings";

/* A route module renders after its stand-in loader: on a busy machine, later than findBy's default second. */
const SLOW = { timeout: 8_000 };

/* Admin → Settings from its field lists: every field found by its label, and what the action is sent. */

const settings: Settings = {
  siteName: "The Harbour Gazette",
  tagline: "News from the quay",
  about: "A paper of the harbour.",
  contactEmail: "desk@harbour.example",
  contactPhone: "+44 1234 567890",
  shopUrl: "",
  postalAddress: "1 Fleet Street, London",
  socialLinks: [],
  navigation: [],
  logo: "",
  icon: "",
  shareImage: "",
  twitterHandle: "@harbour",
  postsPerPage: 12,
  timeZone: "Europe/London",
  requireTwoFactor: false,
  commentModeration: "off",
  commentHeldWords: [],
  commentMaxLinks: 0,
  updatedAt: null,
};

function renderSettings(action?: (args: { request: Request }) => unknown) {
  return renderRoute("/admin/settings", SettingsScreen, {
    loader: () => ({ denied: false, settings }),
    action,
  });
}

describe("the settings form", { timeout: 20_000 }, () => {
  it("shows every field by label with the saved value, and its hint", async () => {
    renderSettings();
    expect(await screen.findByLabelText("Site name", undefined, SLOW)).toHaveProperty("value", "The Harbour Gazette");
    expect(screen.getByLabelText("Tagline")).toHaveProperty("value", "News from the quay");
    expect(screen.getByLabelText("About text")).toHaveProperty("value", "A paper of the harbour.");
    expect(screen.getByLabelText("Contact e-mail")).toHaveProperty("type", "email");
    expect(screen.getByLabelText("Contact phone")).toHaveProperty("value", "+44 1234 567890");
    expect(screen.getByLabelText("Shop URL")).toHaveProperty("type", "url");
    expect(screen.getByLabelText("X (Twitter) handle")).toHaveProperty("value", "@harbour");
    const perPage = screen.getByLabelText("Posts per page");
    expect(perPage).toHaveProperty("type", "number");
    expect(perPage).toHaveProperty("value", "12");
    expect(screen.getByLabelText("Time zone")).toHaveProperty("value", "Europe/London");
    const about = screen.getByLabelText("About text");
    expect(document.getElementById(about.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "In the footer of every page.",
    );
    expect(screen.getByRole("checkbox", { name: /Require two-factor sign-in for all staff/ })).toHaveProperty(
      "checked",
      false,
    );
  });

  it("posts the fields to the action and shows its error", async () => {
    let sent: FormData | null = null;
    renderSettings(async ({ request }) => {
      sent = await request.formData();
      return { ok: false, message: "Site name is too long" };
    });
    const name = await screen.findByLabelText("Site name", undefined, SLOW);
    await userEvent.clear(name);
    await userEvent.type(name, "The Quay");
    await userEvent.selectOptions(screen.getByLabelText("Time zone"), "UTC");
    await userEvent.click(screen.getByRole("checkbox", { name: /Require two-factor sign-in/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));

    expect((await screen.findAllByText("Site name is too long", undefined, SLOW)).length).toBeGreaterThan(0);
    const form = sent as FormData | null;
    expect(form?.get("siteName")).toBe("The Quay");
    expect(form?.get("tagline")).toBe("News from the quay");
    expect(form?.get("about")).toBe("A paper of the harbour.");
    expect(form?.get("contactEmail")).toBe("desk@harbour.example");
    expect(form?.get("contactPhone")).toBe("+44 1234 567890");
    expect(form?.get("shopUrl")).toBe("");
    expect(form?.get("postalAddress")).toBe("1 Fleet Street, London");
    expect(form?.get("twitterHandle")).toBe("@harbour");
    expect(form?.get("postsPerPage")).toBe("12");
    expect(form?.get("timeZone")).toBe("UTC");
    expect(form?.get("requireTwoFactor")).toBe("on");
  });

  it("tells anyone but an admin that the page is not theirs", async () => {
    renderRoute("/admin/settings", SettingsScreen, { loader: () => ({ denied: true, settings: null }) });
    const heading = await screen.findByRole("heading", { level: 1 }, SLOW);
    expect(within(heading).getByText(/Permission denied/i)).toBeTruthy();
    expect(screen.queryByLabelText("Site name")).toBeNull();
  });

  it("adds one of the site's pages to the navigation from the Add a page select", async () => {
    renderRoute("/admin/settings", SettingsScreen, {
      loader: () => ({ denied: false, settings, pageLinks: [{ label: "About us", url: "/about" }] }),
    });
    await userEvent.selectOptions(await screen.findByLabelText("Add a page", undefined, SLOW), "/about");
    expect(screen.getByLabelText("Navigation link 1 label")).toHaveProperty("value", "About us");
    expect(screen.getByLabelText("Navigation link 1 URL")).toHaveProperty("value", "/about");
  });
});
