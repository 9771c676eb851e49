import { ACCOUNT_MESSAGES, type PublicUser } from "@broadsheet/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../testing/render-route";
import Profile from "./profile";

/* A route module renders after its stand-in loader: on a busy machine, later than findBy's default second. */
const SLOW = { timeout: 8_000 };

/* Personal details from the profile's field list: found by label, posted to the action, its error shown. */

const reader: PublicUser = {
  _id: "u1",
  name: "Ada Lovelace",
  email: "ada@example.com",
  role: "user",
  phone: "+44 20 7946 0000",
  photo: "",
  address: { address: "12 Harbour Road", state: "Kent", country: "United Kingdom" },
  slug: "ada-lovelace",
  bio: "",
  twoFactorEnabled: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

const newsletters = [
  { _id: "n1", name: "The Harbour Gazette newsletter", slug: "newsletter", description: "", subscribed: true },
  { _id: "n2", name: "Weekly", slug: "weekly", description: "The week in review", subscribed: false },
];

describe("the profile form", { timeout: 20_000 }, () => {
  it("shows the reader's details by label, the e-mail not to be changed", async () => {
    renderRoute("/profile", Profile, { loader: () => ({ user: reader, newsletters }) });
    expect(await screen.findByLabelText("Name", undefined, SLOW)).toHaveProperty("value", "Ada Lovelace");
    expect(screen.getByLabelText("Phone")).toHaveProperty("value", "+44 20 7946 0000");
    expect(screen.getByLabelText("Address")).toHaveProperty("value", "12 Harbour Road");
    expect(screen.getByLabelText("State")).toHaveProperty("value", "Kent");
    expect(screen.getByLabelText("Country")).toHaveProperty("value", "United Kingdom");
    const email = screen.getByLabelText("Email");
    expect(email).toHaveProperty("value", "ada@example.com");
    expect(email).toHaveProperty("disabled", true);
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Your e-mail address is your login and cannot be changed here.",
    );
    expect(screen.queryByLabelText("Bio")).toBeNull();
    expect(screen.getByLabelText("Choose photo").getAttribute("aria-describedby")).toBe("profile-photo-hint");
  });

  it("posts the details to the action and shows its error, the values kept", async () => {
    let sent: FormData | null = null;
    renderRoute("/profile", Profile, {
      loader: () => ({ user: reader, newsletters }),
      action: async ({ request }) => {
        sent = await request.formData();
        return {
          ok: false,
          intent: "profile",
          message: ACCOUNT_MESSAGES.notLoggedIn,
          values: { name: "Ada King", phone: "", address: "", state: "", country: "", bio: "" },
        };
      },
    });
    const name = await screen.findByLabelText("Name", undefined, SLOW);
    await userEvent.clear(name);
    await userEvent.type(name, "Ada King");
    await userEvent.click(screen.getByRole("button", { name: "Update Profile" }));

    expect((await screen.findAllByText(ACCOUNT_MESSAGES.notLoggedIn, undefined, SLOW)).length).toBeGreaterThan(0);
    const form = sent as FormData | null;
    expect(form?.get("intent")).toBe("profile");
    expect(form?.get("name")).toBe("Ada King");
    expect(form?.get("phone")).toBe("+44 20 7946 0000");
    expect(form?.get("address")).toBe("12 Harbour Road");
    expect(form?.get("state")).toBe("Kent");
    expect(form?.get("country")).toBe("United Kingdom");
    // The e-mail is shown, not sent; a reader has no Bio field.
    expect(form?.has("email")).toBe(false);
    expect(form?.has("bio")).toBe(false);
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "Ada King");
  });

  it("gives staff their author page's Bio", async () => {
    renderRoute("/profile", Profile, {
      loader: () => ({ user: { ...reader, role: "editor", bio: "Writes on maths." }, newsletters }),
    });
    const bio = await screen.findByLabelText("Bio", undefined, SLOW);
    expect(bio.tagName).toBe("TEXTAREA");
    expect(bio).toHaveProperty("value", "Writes on maths.");
    expect(screen.getByRole("link", { name: "author page" }).getAttribute("href")).toBe("/author/ada-lovelace");
  });

  it("lists the newsletters with a checkbox each and saves the ticked ones", async () => {
    let sent: FormData | null = null;
    renderRoute("/profile", Profile, {
      loader: () => ({ user: reader, newsletters }),
      action: async ({ request }) => {
        sent = await request.formData();
        return { ok: true, intent: "newsletters", message: "Your newsletter choices are saved." };
      },
    });
    const section = await screen.findByRole("region", { name: "Newsletters" }, SLOW);
    const general = screen.getByRole("checkbox", { name: /The Harbour Gazette newsletter/ });
    const weekly = screen.getByRole("checkbox", { name: /Weekly/ });
    expect(general).toHaveProperty("checked", true);
    expect(weekly).toHaveProperty("checked", false);
    await userEvent.click(general);
    await userEvent.click(weekly);
    await userEvent.click(screen.getByRole("button", { name: "Save newsletters" }));
    await screen.findByText("Your newsletter choices are saved.", undefined, SLOW);
    expect((sent as FormData | null)?.get("intent")).toBe("newsletters");
    expect((sent as FormData | null)?.getAll("newsletters")).toEqual(["weekly"]);
    expect(section.id).toBe("newsletters");
  });
});
