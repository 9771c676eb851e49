import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import { ImageUploader } from "./image-uploader";

const SLOW = { timeout: 8_000 };
const PNG = ["image/png"] as const;

describe("the image field's description", { timeout: 20_000 }, () => {
  it("describes a one-image field (a logo) as one image, not as a batch", async () => {
    renderRoute("/admin/settings", () => <ImageUploader label="Logo" accept={PNG} max={1} />);
    await screen.findByRole("heading", { name: "Logo" }, SLOW);
    expect(screen.getByText(/No image yet · .+ · one image/)).toBeTruthy();
    expect(screen.queryByText(/0 of 1|at a time/)).toBeNull();
    expect(screen.getByText("Choose an image")).toBeTruthy();
    expect(screen.getByLabelText(/Choose an image/)).toHaveProperty("multiple", false);
  });

  it("keeps counting a several-image field", async () => {
    renderRoute("/admin/posts/new", () => <ImageUploader label="Images" accept={PNG} max={3} />);
    expect(await screen.findByText(/0 of 3 · .+ · up to \d+ at a time/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByLabelText(/Choose images/)).toHaveProperty("multiple", true);
  });
});
