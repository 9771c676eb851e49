import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Save } from "lucide-react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Button, ButtonLink } from ".";

describe("Button", () => {
  it("is a plain button unless told, and acts on a click", async () => {
    const onClick = vi.fn();
    render(
      <Button icon={Save} onClick={onClick}>
        Save settings
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save settings" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.hasAttribute("aria-busy")).toBe(false);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("while busy is disabled, announced busy, keeps its name and shows the spinner instead of its icon", async () => {
    const onClick = vi.fn();
    render(
      <Button type="submit" busy icon={Save} onClick={onClick}>
        Save settings
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save settings" });
    expect(button).toHaveProperty("disabled", true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector(".animate-spin")).not.toBeNull();
    expect(button.querySelectorAll("svg")).toHaveLength(1);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("can be disabled without being busy", () => {
    render(<Button disabled>Update Role</Button>);
    const button = screen.getByRole("button", { name: "Update Role" });
    expect(button).toHaveProperty("disabled", true);
    expect(button.hasAttribute("aria-busy")).toBe(false);
  });
});

describe("ButtonLink", () => {
  it("is a link to its page with the look of a button", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ButtonLink to="/login" variant="outline">
            Login
          </ButtonLink>
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const link = await screen.findByRole("link", { name: "Login" });
    expect(link.getAttribute("href")).toBe("/login");
    expect(link.className).toContain("border-gray-300");
  });
});
