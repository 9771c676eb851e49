import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import CategoryScreen from "./category";
import AddPollScreen from "./polls/add-poll";

/*
 * Decision 076: a create form sends one idempotency key per instance, the same on a repeated
 * submit until a create succeeds, so the API creates once (Admin → Categories and Add Vote here;
 * Add Post in editor-safety.test.tsx).
 */

const SLOW = { timeout: 8_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("create forms send an idempotency key", { timeout: 20_000 }, () => {
  it("Admin → Categories: a repeat carries the same key, and a new one follows a success", async () => {
    const keys: string[] = [];
    let answer: { ok: boolean; message: string; intent: string } = { ok: false, message: "Busy", intent: "create" };
    renderRoute("/admin/category", CategoryScreen, {
      loader: () => ({ categories: [] }),
      action: async ({ request }) => {
        keys.push(String((await request.formData()).get("idempotencyKey")));
        return answer;
      },
    });
    await userEvent.type(await screen.findByLabelText("Category name", {}, SLOW), "Science");
    const create = screen.getByRole("button", { name: "Create Category" });
    await userEvent.click(create);
    await waitFor(() => expect(keys).toHaveLength(1));
    answer = { ok: true, message: "Category created", intent: "create" };
    // Disabled while the first submit is on its way: a click then is dropped, not repeated.
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false), SLOW);
    await userEvent.click(create);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    await userEvent.type(screen.getByLabelText("Category name"), "Travel");
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false), SLOW);
    await userEvent.click(create);
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("Add Vote sends its key with the poll", async () => {
    const sent: FormData[] = [];
    renderRoute("/admin/add-vote", AddPollScreen, {
      action: async ({ request }) => {
        sent.push(await request.formData());
        return { ok: false, intent: "create", message: "Refused" };
      },
    });
    for (const [label, text] of [
      ["Title", "Best season?"],
      ["Option one", "Spring"],
      ["Option two", "Summer"],
      ["Option three", "Autumn"],
    ]) {
      await userEvent.type(await screen.findByLabelText(label as string, {}, SLOW), text as string);
    }
    await userEvent.click(screen.getByRole("button", { name: "Create Vote" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(String(sent[0]?.get("idempotencyKey"))).toMatch(UUID);
  });
});
