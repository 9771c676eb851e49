import { TWO_FACTOR_MESSAGES } from "@broadsheet/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../testing/render-route";
import Login from "./login";

/* The real login component, its loader and action stood in for: the form's rules without a server or a browser. */

describe("the login form", () => {
  it("checks the fields in the browser before anything is sent", async () => {
    let sent = 0;
    renderRoute("/login", Login, {
      loader: () => ({ redirectTo: "" }),
      action: () => {
        sent += 1;
        return { ok: true };
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(sent).toBe(0);
    expect(screen.getByText(/New to The Harbour Gazette\?/)).toBeTruthy();
  });

  it("asks for the authenticator code when the server says one is needed, and keeps the e-mail", async () => {
    renderRoute("/login", Login, {
      loader: () => ({ redirectTo: "" }),
      action: () => ({ ok: false, message: TWO_FACTOR_MESSAGES.codeRequired, values: { email: "ed@example.com" } }),
    });
    await userEvent.type(await screen.findByLabelText("Email"), "ed@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByLabelText("Authentication code")).toBeTruthy();
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ed@example.com");
  });

  it("sends a correct code typed right after a wrong one on its own, with the password", async () => {
    const sent: { code: string; password: string }[] = [];
    renderRoute("/login", Login, {
      loader: () => ({ redirectTo: "" }),
      action: async ({ request }) => {
        const form = await request.formData();
        const code = String(form.get("code") ?? "");
        sent.push({ code, password: String(form.get("password")) });
        const message = code ? TWO_FACTOR_MESSAGES.codeWrong : TWO_FACTOR_MESSAGES.codeRequired;
        return { ok: false, message, values: { email: "ed@example.com" } };
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "ed@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await user.type(await screen.findByLabelText("Authentication code"), "000000");
    await user.click(screen.getByRole("button", { name: "Login" }));
    // Shown on the form, and toasted too once the toaster is up: either will do.
    expect(await screen.findAllByText(TWO_FACTOR_MESSAGES.codeWrong)).not.toHaveLength(0);
    await user.type(screen.getByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({ code: "123456", password: "correct horse battery" });
  });
});
