import { POST_MESSAGES } from "@broadsheet/domain";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import { SlugField } from "./slug-field";

/* The Slug field of the post editor: follows a new post's title, shows the address, shows the server's refusal. */

function Editor({ follow = true, initialSlug = "" }: { follow?: boolean; initialSlug?: string }) {
  return (
    <Form method="post">
      <label htmlFor="title">Title</label>
      <input id="title" name="title" />
      <SlugField initialSlug={initialSlug} titleId="title" follow={follow} />
      <button type="submit">Save</button>
    </Form>
  );
}

describe("the Slug field", () => {
  it("follows a new post's title, transliterated, until the editor types one", async () => {
    renderRoute("/admin/add-post", () => <Editor />);
    await userEvent.type(await screen.findByLabelText("Title"), "Привет, мир");
    expect((screen.getByLabelText("Slug") as HTMLInputElement).value).toBe("privet-mir");
    expect(screen.getByText("/page/privet-mir")).toBeTruthy();
    await userEvent.clear(screen.getByLabelText("Slug"));
    await userEvent.type(screen.getByLabelText("Slug"), "my own");
    await userEvent.type(screen.getByLabelText("Title"), " again");
    expect((screen.getByLabelText("Slug") as HTMLInputElement).value).toBe("my own");
    expect(screen.getByText("/page/my-own")).toBeTruthy();
  });

  it("keeps an edited post's slug and shows the server's refusal at the field", async () => {
    renderRoute("/admin/edit-post/1", () => <Editor follow={false} initialSlug="kept-slug" />, {
      action: () => ({ ok: false, message: POST_MESSAGES.slugTaken }),
    });
    await userEvent.type(await screen.findByLabelText("Title"), "New title");
    expect((screen.getByLabelText("Slug") as HTMLInputElement).value).toBe("kept-slug");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(POST_MESSAGES.slugTaken)).toBeTruthy();
    expect(screen.getByLabelText("Slug").getAttribute("aria-invalid")).toBe("true");
  });
});
