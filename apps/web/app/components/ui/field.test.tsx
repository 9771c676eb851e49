import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Field } from ".";

/* Components rendered in jsdom and found by label and role, as a reader finds them. */

describe("PasswordField", () => {
  it("is labelled, and once scripts run its toggle shows and hides the password", async () => {
    render(<PasswordField id="pw" name="password" label="Password" defaultValue="s3cret" />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveProperty("type", "password");

    await userEvent.click(await screen.findByRole("button", { name: "Show password" }));
    expect(input).toHaveProperty("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
  });
});
