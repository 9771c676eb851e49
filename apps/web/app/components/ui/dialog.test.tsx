import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from ".";

/*
 * jsdom has <dialog> but not its modal methods: these stand-ins do what a browser does, which
 * moves focus into a modal dialog when it opens and closes it on Escape (its "cancel").
 */
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
    this.querySelector("button")?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") document.activeElement?.closest("dialog[open]")?.removeAttribute("open");
  });
});

function renderDialog(onConfirm: () => undefined | boolean | Promise<undefined | boolean>, busy = false) {
  render(
    <ConfirmDialog
      question="Are you sure to delete this category?"
      detail="Sports"
      busy={busy}
      onConfirm={onConfirm}
      trigger={(open) => (
        <button type="button" onClick={open}>
          Delete category Sports
        </button>
      )}
    />,
  );
  return () => screen.getByRole("dialog", { hidden: true });
}

describe("ConfirmDialog", () => {
  it("asks first, named by its question, and confirms on Delete", async () => {
    const onConfirm = vi.fn(() => undefined);
    const dialog = renderDialog(onConfirm);
    expect(dialog().hasAttribute("open")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Delete category Sports" }));
    expect(screen.getByRole("dialog", { name: "Are you sure to delete this category?" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(dialog().hasAttribute("open")).toBe(false);
  });

  it("does nothing on Cancel or Escape", async () => {
    const onConfirm = vi.fn(() => undefined);
    const dialog = renderDialog(onConfirm);
    await userEvent.click(screen.getByRole("button", { name: "Delete category Sports" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog().hasAttribute("open")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Delete category Sports" }));
    expect(dialog().hasAttribute("open")).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(dialog().hasAttribute("open")).toBe(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("stays open when the confirmation says so, and its Delete is busy while a request runs", async () => {
    const dialog = renderDialog(() => false, true);
    await userEvent.click(screen.getByRole("button", { name: "Delete category Sports" }));
    const confirm = screen.getByRole("button", { name: "Delete" });
    expect(confirm).toHaveProperty("disabled", true);
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    expect(dialog().hasAttribute("open")).toBe(true);
  });
});
