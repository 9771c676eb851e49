import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { Toaster } from "../../toaster";
import { EMBED_URL_REFUSED, RichTextEditor } from "../rich-text-editor";

/* Embeds in the real editor (Tiptap in jsdom): the Embed tool, a pasted address, a stored embed opened again. */

beforeAll(() => {
  const noRects = () => [] as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

function renderEditor(initialContent: string) {
  const view = render(
    <Toaster>
      <form aria-label="Post">
        <RichTextEditor name="content" label="Content" initialContent={initialContent} placeholder="Write…" />
      </form>
    </Toaster>,
  );
  const toolbar = () => screen.getByRole("toolbar", { name: "Formatting" });
  const content = () => (view.container.querySelector('input[name="content"]') as HTMLInputElement).value;
  const editable = () => view.container.querySelector(".ProseMirror") as HTMLElement;
  return { toolbar, content, editable };
}

async function ready(toolbar: () => HTMLElement) {
  await waitFor(() =>
    expect(within(toolbar()).getByRole("button", { name: "Embed" })).toHaveProperty("disabled", false),
  );
}

describe("embeds in the editor", () => {
  it("inserts a provider's address from the Embed tool, shown as the placeholder and never as a frame", async () => {
    const { toolbar, content, editable } = renderEditor("<p>Harbour news</p>");
    await ready(toolbar);
    await userEvent.click(within(toolbar()).getByRole("button", { name: "Embed" }));
    await userEvent.type(screen.getByLabelText("Embed URL"), VIDEO);
    await userEvent.click(screen.getByRole("button", { name: "Insert embed" }));
    await waitFor(() => expect(content()).toContain(`<figure data-url="${VIDEO.replace("&", "&amp;")}"`));
    expect(editable().textContent).toContain("Load YouTube video");
    expect(editable().querySelector("iframe")).toBeNull();
  });

  it("refuses an address of no provider with a message", async () => {
    const { toolbar, content } = renderEditor("<p>Harbour news</p>");
    await ready(toolbar);
    await userEvent.click(within(toolbar()).getByRole("button", { name: "Embed" }));
    await userEvent.type(screen.getByLabelText("Embed URL"), "https://example.com/video");
    await userEvent.click(screen.getByRole("button", { name: "Insert embed" }));
    expect(await screen.findByText(EMBED_URL_REFUSED)).toBeTruthy();
    expect(content()).toBe("<p>Harbour news</p>");
  });

  it("turns an address pasted alone on an empty line into its embed", async () => {
    const { toolbar, content, editable } = renderEditor("<p></p>");
    await ready(toolbar);
    const paste = new Event("paste", { bubbles: true, cancelable: true });
    Object.defineProperty(paste, "clipboardData", {
      value: {
        getData: (type: string) => (type === "text/plain" ? "https://vimeo.com/76979871" : ""),
        types: ["text/plain"],
      },
    });
    await act(async () => {
      editable().focus();
      fireEvent(editable(), paste);
    });
    await waitFor(() => expect(content()).toContain('data-url="https://vimeo.com/76979871"'));
    expect(editable().textContent).toContain("Load Vimeo video");
  });

  it("opens a stored embed as one, its title shown, and writes back its address, title and still", async () => {
    const stored =
      `<figure class="embed embed-video" data-embed="youtube" data-url="${VIDEO}" data-title="A song" data-thumbnail="/media/${"a".repeat(64)}.webp">` +
      '<div class="embed-box"><button type="button" class="embed-load">Load YouTube video</button></div><figcaption>…</figcaption></figure>';
    const { toolbar, content, editable } = renderEditor(stored);
    await ready(toolbar);
    await waitFor(() => expect(editable().textContent).toContain("A song"));
    expect(editable().querySelector("img")?.getAttribute("src")).toBe(`/media/${"a".repeat(64)}.webp`);
    // Any edit writes the whole body again: here a second embed from the tool.
    await userEvent.click(within(toolbar()).getByRole("button", { name: "Embed" }));
    await userEvent.type(screen.getByLabelText("Embed URL"), "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC");
    await userEvent.click(screen.getByRole("button", { name: "Insert embed" }));
    await waitFor(() => expect(content()).toContain("open.spotify.com"));
    expect(content()).toContain(
      `<figure data-url="${VIDEO}" data-title="A song" data-thumbnail="/media/${"a".repeat(64)}.webp"`,
    );
  });
});
