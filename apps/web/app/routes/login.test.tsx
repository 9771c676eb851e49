import { TWO_FACTOR_MESSAGES } from "@broadsheet/domain";
import { screen } from "@testing-library/react";
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
});
