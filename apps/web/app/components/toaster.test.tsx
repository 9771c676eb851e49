import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster, useToast } from "./toaster";

function SaveButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.error("Could not save")}>
      Save
    </button>
  );
}

describe("the toasts", () => {
  it("hold an empty notifications region until the first toast, which then shows in it as an alert", async () => {
    render(
      <Toaster>
        <SaveButton />
      </Toaster>,
    );
    const region = screen.getByRole("region", { name: "Notifications" });
    expect(region.childElementCount).toBe(0);

    // react-toastify's container comes in place of the empty region at the first toast (decision 087).
    screen.getByRole("button", { name: "Save" }).click();
    const shown = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(shown.textContent).toContain("Could not save");
    expect(screen.getByRole("region", { name: "Notifications" }).contains(shown)).toBe(true);
  });
});
