import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import { TwoFactorSection } from "./two-factor-section";

const SLOW = { timeout: 8_000 };

describe("setting up two-factor sign-in", { timeout: 20_000 }, () => {
  it("keeps the QR code and key through a wrong code, so the user need not scan again", async () => {
    let setups = 0;
    renderRoute("/profile", () => <TwoFactorSection enabled={false} />, {
      action: async ({ request }) => {
        const form = await request.formData();
        if (form.get("intent") === "2fa-setup") {
          setups += 1;
          return { ok: true, intent: "2fa-setup", qrSvg: "<svg></svg>", secret: "JBSWY3DPEHPK3PXP" };
        }
        return { ok: false, intent: "2fa-enable", message: "That code is not right." };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Set up two-factor sign-in" }, SLOW));
    await user.type(await screen.findByLabelText("Authentication code", undefined, SLOW), "000000");
    await user.click(screen.getByRole("button", { name: "Turn on two-factor sign-in" }));
    expect(await screen.findByText("That code is not right.", undefined, SLOW)).toBeTruthy();
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeTruthy();
    expect(screen.getByRole("img", { name: "QR code for your authenticator app" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Turn on two-factor sign-in" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set up two-factor sign-in" })).toBeNull();
    expect(setups).toBe(1);
  });
});
