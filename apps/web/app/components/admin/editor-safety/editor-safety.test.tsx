import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form, Link } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { EditConflict } from "../../../lib/admin/editor-safety.server";
import { renderRoute } from "../../../testing/render-route";
import { EditConflictPanel } from "./edit-conflict";
import { IdempotencyKeyField } from "./idempotency-key-field";
import { LEAVE_QUESTION, UnsavedChangesGuard } from "./unsaved-changes-guard";

const SLOW = { timeout: 8_000 };

describe("editor safety", { timeout: 20_000 }, () => {
  it("sends the same idempotency key with every submit until one succeeds", async () => {
    const keys: string[] = [];
    let answer = { ok: false, message: "Please add an image" };
    renderRoute(
      "/admin/add-post",
      () => (
        <Form method="post">
          <IdempotencyKeyField />
          <button type="submit">Publish</button>
        </Form>
      ),
      {
        action: async ({ request }) => {
          keys.push(String((await request.formData()).get("idempotencyKey")));
          return answer;
        },
      },
    );
    const publish = await screen.findByRole("button", { name: "Publish" }, SLOW);
    await userEvent.click(publish);
    await waitFor(() => expect(keys).toHaveLength(1));
    answer = { ok: true, message: "Post created Successful" };
    await userEvent.click(publish);
    await waitFor(() => expect(keys).toHaveLength(2));
    await userEvent.click(publish);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("shows their values beside mine, takes theirs for the title and bases the next save on their version", async () => {
    const conflict: EditConflict = {
      version: 4,
      fields: [
        { field: "title", theirs: "Keepers of the light", mine: "Keepers" },
        { field: "content", theirs: "<p>Their story</p>", mine: "<p>My story</p>" },
      ],
    };
    const versions: string[] = [];
    renderRoute(
      "/admin/edit-post/1",
      () => (
        <Form method="post">
          <label>
            Title <input name="title" defaultValue="Keepers" />
          </label>
          <EditConflictPanel version={3} />
          <button type="submit">Publish</button>
        </Form>
      ),
      {
        action: async ({ request }) => {
          versions.push(String((await request.formData()).get("version")));
          return versions.length === 1 ? { ok: false, message: "Someone else saved", conflict } : { ok: true };
        },
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Publish" }, SLOW));
    const panel = await screen.findByRole("region", { name: "Edit conflict" });
    expect(panel.textContent).toContain("Their story");
    expect(panel.textContent).toContain("My story");
    expect(screen.queryByRole("button", { name: "Take their content" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Take their title" }));
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "Keepers of the light");
    await userEvent.click(screen.getByRole("button", { name: "Merge: keep my other changes" }));
    expect(screen.getByText("Merged with their version. Save to keep these values.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await waitFor(() => expect(versions).toEqual(["3", "4"]));
  });

  it("asks before leaving for another page with unsaved changes", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    renderRoute("/admin/edit-post/1", () => (
      <>
        <Form method="post">
          <label>
            Title <input name="title" defaultValue="Keepers" />
          </label>
          <UnsavedChangesGuard />
        </Form>
        <Link to="/admin/all-posts">All posts</Link>
      </>
    ));
    const title = await screen.findByLabelText("Title", {}, SLOW);
    await userEvent.type(title, " of the light");
    await userEvent.click(screen.getByRole("link", { name: "All posts" }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION));
    expect(screen.getByLabelText("Title")).toBeTruthy();
    confirm.mockRestore();
  });
});
