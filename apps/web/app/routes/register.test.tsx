import { ACCOUNT_MESSAGES, MESSAGES } from "@broadsheet/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../testing/render-route";
import Register from "./register";

/* A route module renders after its stand-in loader: on a busy machine, later than findBy's default second. */
const SLOW = { timeout: 8_000 };

/* The register form from its field list: every field found by its label, and what the action is sent. */

describe("the register form", { timeout: 20_000 }, () => {
  it("shows the account fields by label and posts them to the action", async () => {
    let sent: FormData | null = null;
    renderRoute("/register", Register, {
      loader: () => ({ redirectTo: "" }),
      action: async ({ request }) => {
        sent = await request.formData();
        return { ok: false, message: ACCOUNT_MESSAGES.emailTaken, values: { name: "Ada", email: "ada@example.com" } };
      },
    });
    await userEvent.type(await screen.findByLabelText("Name", undefined, SLOW), "Ada");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "correct horse");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    expect((await screen.findAllByText(ACCOUNT_MESSAGES.emailTaken, undefined, SLOW)).length).toBeGreaterThan(0);
    const form = sent as FormData | null;
    expect(form?.get("name")).toBe("Ada");
    expect(form?.get("email")).toBe("ada@example.com");
    expect(form?.get("password")).toBe("correct horse");
    expect(form?.get("confirmPassword")).toBe("correct horse");
    // The values come back as typed, and the form describes itself by the error.
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "Ada");
    expect(document.querySelector("form")?.getAttribute("aria-describedby")).toBe("register-error");
  });

  it("refuses different passwords before anything is sent, marking the confirmation", async () => {
    let sent = 0;
    renderRoute("/register", Register, {
      loader: () => ({ redirectTo: "" }),
      action: () => {
        sent += 1;
        return { ok: true };
      },
    });
    await userEvent.type(await screen.findByLabelText("Name", undefined, SLOW), "Ada");
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "correct house");
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    expect((await screen.findAllByText(MESSAGES.passwordsDoNotMatch, undefined, SLOW)).length).toBeGreaterThan(0);
    expect(screen.getByLabelText("Confirm Password").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Password").hasAttribute("aria-invalid")).toBe(false);
    expect(sent).toBe(0);
  });
});
