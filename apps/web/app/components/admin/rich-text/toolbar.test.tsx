import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { Toaster } from "../../toaster";
import { RichTextEditor } from "../rich-text-editor";
import { TOOL_GROUPS, TOOLS } from "./tools";

/* The real editor (Tiptap runs in jsdom): the toolbar drawn from its table, and its buttons at work. */

// jsdom lays nothing out: ProseMirror's scrolling to the selection gets empty boxes.
beforeAll(() => {
  const noRects = () => [] as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

function renderEditor(initialContent = "<p>Harbour news</p>") {
  const view = render(
    <Toaster>
      <form aria-label="Post">
        <RichTextEditor name="content" label="Content" initialContent={initialContent} placeholder="Write…" />
      </form>
    </Toaster>,
  );
  const toolbar = () => screen.getByRole("toolbar", { name: "Formatting" });
  const content = () => (view.container.querySelector('input[name="content"]') as HTMLInputElement).value;
  return { toolbar, content };
}

/** Once the editor exists the buttons are enabled (Bold stands for them all). */
async function editorReady(toolbar: () => HTMLElement) {
  await waitFor(() =>
    expect(within(toolbar()).getByRole("button", { name: "Bold" })).toHaveProperty("disabled", false),
  );
}

describe("the rich-text toolbar", () => {
  it("shows every tool of the table, in order, by its label, with a separator between groups", async () => {
    const { toolbar } = renderEditor();
    await editorReady(toolbar);
    const labels = within(toolbar())
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(labels).toEqual([
      "Heading 1",
      "Heading 2",
      "Heading 3",
      "Bold",
      "Italic",
      "Underline",
      "Strike",
      "Bullet list",
      "Ordered list",
      "Quote",
      "Code",
      "Link",
      "Image",
      "Embed",
      "Undo",
      "Redo",
    ]);
    expect(labels).toEqual(TOOLS.map((tool) => tool.label));
    expect(toolbar().querySelectorAll('span[aria-hidden="true"]')).toHaveLength(TOOL_GROUPS.length - 1);
  });

  it("says which toggles the selection has, and leaves undo and redo disabled until there is history", async () => {
    const { toolbar } = renderEditor();
    await editorReady(toolbar);
    const tool = (name: string) => within(toolbar()).getByRole("button", { name });
    expect(tool("Heading 1").getAttribute("aria-pressed")).toBe("false");
    expect(tool("Link").getAttribute("aria-pressed")).toBe("false");
    expect(tool("Undo").hasAttribute("aria-pressed")).toBe(false);
    expect(tool("Undo")).toHaveProperty("disabled", true);
    expect(tool("Redo")).toHaveProperty("disabled", true);
  });

  it("runs a tool's command on the editor: Heading 1 turns the paragraph into a heading, Undo takes it back", async () => {
    const { toolbar, content } = renderEditor();
    await editorReady(toolbar);
    const tool = (name: string) => within(toolbar()).getByRole("button", { name });

    await userEvent.click(tool("Heading 1"));
    // Tiptap keeps a paragraph after a last heading to type on in.
    await waitFor(() => expect(content()).toBe("<h1>Harbour news</h1><p></p>"));
    expect(tool("Heading 1").getAttribute("aria-pressed")).toBe("true");
    expect(tool("Undo")).toHaveProperty("disabled", false);

    await userEvent.click(tool("Undo"));
    await waitFor(() => expect(content()).toBe("<p>Harbour news</p>"));
    expect(tool("Heading 1").getAttribute("aria-pressed")).toBe("false");
  });

  const toggles = TOOLS.filter((tool) => tool.isActive && "command" in tool.click).map((tool) => tool.label);

  it.each(toggles)("%s: a click runs its command, and the button then shows pressed", async (label) => {
    const { toolbar } = renderEditor();
    await editorReady(toolbar);
    const button = within(toolbar()).getByRole("button", { name: label });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
  });

  it("opens and closes a tool's panel: Link shows the link panel and shows pressed while it is open", async () => {
    const { toolbar } = renderEditor();
    await editorReady(toolbar);
    const link = within(toolbar()).getByRole("button", { name: "Link" });

    await userEvent.click(link);
    expect(screen.getByRole("group", { name: "Link" })).toBeTruthy();
    expect(screen.getByLabelText("Link URL")).toBeTruthy();
    expect(link.getAttribute("aria-pressed")).toBe("true");

    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: "Link" })).toBeNull();
    expect(link.getAttribute("aria-pressed")).toBe("false");

    await userEvent.click(within(toolbar()).getByRole("button", { name: "Image" }));
    expect(screen.getByLabelText("Image description (alt text)")).toBeTruthy();
    await act(async () => {
      await userEvent.keyboard("{Escape}");
    });
    expect(screen.queryByLabelText("Image URL")).toBeNull();
  });
});
