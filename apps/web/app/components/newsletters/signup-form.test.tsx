import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../lib/session-user";
import { SHARED_READER } from "../../lib/viewer-state";
import { renderRoute } from "../../testing/render-route";
import { footerSignupShown, SignupForm, SUBSCRIBE_PATH } from "./signup-form";

/*
 * The sign-up form rendered for real: it posts to /newsletters/subscribe (a stand-in action that
 * records the form and answers as the route does) and shows the answer in place.
 */

const SLOW = { timeout: 8_000 };
const accepted = "Thanks! If this address can receive our newsletter, a message is on its way to confirm it.";

function renderForm(user: SessionUser | null, answer: { ok: boolean; message: string }) {
  const sent: Record<string, string>[] = [];
  renderRoute("/page/harbour-lights", () => <SignupForm form="post-page" />, {
    rootData: { user, readerShell: false },
    routes: [
      {
        path: SUBSCRIBE_PATH,
        action: async ({ request }) => {
          sent.push(Object.fromEntries(await request.formData()) as Record<string, string>);
          return answer;
        },
      },
    ],
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe("the newsletter sign-up form", { timeout: 20_000 }, () => {
  it("posts the address, the form and the page to come back to, and shows the answer in place", async () => {
    const sent = renderForm(null, { ok: true, message: accepted });
    const email = await screen.findByLabelText("Email address", undefined, SLOW);
    const form = email.closest("form");
    expect(form?.getAttribute("action")).toBe(SUBSCRIBE_PATH);
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.hasAttribute("data-enhanced-form")).toBe(true);
    expect(email.getAttribute("type")).toBe("email");
    expect(email.hasAttribute("required")).toBe(true);
    await userEvent.type(email, "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect((await screen.findByRole("status", undefined, SLOW)).textContent).toBe(accepted);
    expect(sent).toEqual([{ form: "post-page", back: "/page/harbour-lights", email: "ada@example.com" }]);
  });

  it("shows a refusal as an alert", async () => {
    renderForm(null, { ok: false, message: "Enter a valid e-mail address" });
    await userEvent.type(await screen.findByLabelText("Email address", undefined, SLOW), "x@y.zz");
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect((await screen.findByRole("alert", undefined, SLOW)).textContent).toBe("Enter a valid e-mail address");
  });

  it("subscribes a logged-in reader's own address in one click", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ newsletters: [{ subscribed: false }] }));
    const reader = { ...SHARED_READER, _id: "u1", name: "Robin", email: "robin@example.com" };
    const sent = renderForm(reader, { ok: true, message: "You are subscribed." });
    expect(await screen.findByText("robin@example.com", undefined, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText("Email address")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect((await screen.findByRole("status", undefined, SLOW)).textContent).toBe("You are subscribed.");
    expect(sent[0]?.email).toBe("robin@example.com");
  });

  it("tells a subscribed reader so, with the way to their newsletters", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ newsletters: [{ subscribed: true }] }));
    const reader = { ...SHARED_READER, _id: "u2", name: "Sam", email: "sam@example.com" };
    renderForm(reader, { ok: true, message: "" });
    expect(await screen.findByText(/You're subscribed/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Choose your newsletters" }).getAttribute("href")).toBe(
      "/profile#newsletters",
    );
    expect(screen.queryByRole("button", { name: "Subscribe" })).toBeNull();
  });

  it("is in the footer of pages without a form of their own", () => {
    for (const path of ["/category/science", "/author/ada", "/search", "/terms", "/tag/harbour", "/readLater"])
      expect(footerSignupShown(path), path).toBe(true);
    for (const path of [
      "/",
      "/page/harbour-lights",
      "/login",
      "/register",
      "/reset/abc",
      "/profile",
      "/admin/settings",
    ])
      expect(footerSignupShown(path), path).toBe(false);
    expect(footerSignupShown("/newsletters/manage/abc")).toBe(false);
  });
});
