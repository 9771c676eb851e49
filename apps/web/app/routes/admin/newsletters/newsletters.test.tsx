import type { SendJson } from "@broadsheet/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { newsletterFixture } from "../../../testing/newsletters";
import { renderRoute } from "../../../testing/render-route";
import NewslettersScreen from "./newsletters";

/* Admin → Newsletters from a stand-in loader: the list, what the forms send, a send's progress. */

const SLOW = { timeout: 8_000 };

const newsletter = newsletterFixture;

const newsletters = [
  newsletter({ subscribers: 1204 }),
  newsletter({
    _id: "22222222-2222-4222-8222-222222222222",
    name: "Science Weekly",
    slug: "science-weekly",
    categoryId: "33333333-3333-4333-8333-333333333333",
    category: "Science",
    isDefault: false,
    subscribers: 87,
  }),
];

const send: SendJson = {
  id: "44444444-4444-4444-8444-444444444444",
  postId: "55555555-5555-4555-8555-555555555555",
  postTitle: "Comets return",
  newsletters: ["newsletter"],
  status: "sending",
  recipients: 200,
  sent: 50,
  failed: 2,
  bounced: 1,
  unsubscribed: 3,
  isResend: false,
  scheduledFor: null,
  createdAt: "2026-11-28T10:00:00.000Z",
  startedAt: "2026-11-28T10:00:01.000Z",
  finishedAt: null,
  error: "",
  tracking: null,
};

const SETTINGS = { batchSize: 100, messagesPerSecond: 10, connections: 2, tracking: false };

/** `settings` null: an editor's screen (the delivery settings are for admins). */
function renderScreen(settings: typeof SETTINGS | null = SETTINGS) {
  const sent: Record<string, string>[] = [];
  renderRoute("/admin/newsletters", NewslettersScreen, {
    loader: ({ request }) => ({
      newsletters,
      categories: [{ _id: "33333333-3333-4333-8333-333333333333", name: "Science" }],
      editId: new URL(request.url).searchParams.get("edit") ?? "",
      settings,
      sends: [send],
    }),
    action: async ({ request }) => {
      sent.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
      return { ok: true, intent: sent.at(-1)?.intent, message: "Done" };
    },
  });
  return sent;
}

describe("Admin → Newsletters", { timeout: 20_000 }, () => {
  it("lists the newsletters with their subscribers; the default cannot be archived", async () => {
    renderScreen();
    const table = await screen.findByRole("table", { name: "Newsletters" }, SLOW);
    const science = within(table).getByRole("row", { name: /Science Weekly/ });
    expect(within(science).getByText("87")).toBeTruthy();
    expect(within(science).getByRole("button", { name: "Archive newsletter Science Weekly" })).toBeTruthy();
    const main = within(table).getByRole("row", { name: /The Harbour Gazette newsletter/ });
    expect(within(main).getByText("1204")).toBeTruthy();
    expect(within(main).queryByRole("button", { name: /Archive/ })).toBeNull();
  });

  it("sends a new newsletter's fields, and refuses a bad sender address before sending", async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const form = (await screen.findByRole("region", { name: "Add newsletter" }, SLOW)) as HTMLElement;
    await user.type(within(form).getByLabelText("Name"), "Culture");
    await user.type(within(form).getByLabelText("Sender address"), "not-an-address");
    await user.selectOptions(within(form).getByLabelText("Category"), "Science");
    await user.click(within(form).getByRole("button", { name: "Add newsletter" }));
    expect(await within(form).findByText("Sender address must be a valid e-mail address")).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.clear(within(form).getByLabelText("Sender address"));
    await user.type(within(form).getByLabelText("Sender address"), "culture@example.com");
    await user.click(within(form).getByLabelText(/^Default newsletter/));
    await user.click(within(form).getByRole("button", { name: "Add newsletter" }));
    await expect
      .poll(() => sent[0])
      .toMatchObject({
        intent: "create",
        name: "Culture",
        slug: "",
        senderEmail: "culture@example.com",
        categoryId: "33333333-3333-4333-8333-333333333333",
        isDefault: "on",
      });
  });

  it("saves the delivery settings, with tracking explained", async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const delivery = (await screen.findByRole("region", { name: "Delivery" }, SLOW)) as HTMLElement;
    expect(within(delivery).getByText(/count clicks per link and estimate opens/)).toBeTruthy();
    const rate = within(delivery).getByLabelText("Messages per second");
    await user.clear(rate);
    await user.type(rate, "25");
    await user.click(within(delivery).getByLabelText(/^Tracking/));
    await user.click(within(delivery).getByRole("button", { name: "Save delivery settings" }));
    await expect
      .poll(() => sent[0])
      .toMatchObject({
        intent: "settings",
        batchSize: "100",
        messagesPerSecond: "25",
        connections: "2",
        tracking: "on",
      });
  });

  it("hides the delivery settings from an editor", async () => {
    renderScreen(null);
    await screen.findByRole("table", { name: "Newsletters" }, SLOW);
    expect(screen.queryByRole("region", { name: "Delivery" })).toBeNull();
  });

  it("shows a send's progress and pauses it", async () => {
    const sent = renderScreen();
    const user = userEvent.setup();
    const bar = await screen.findByRole("progressbar", { name: "Send progress" }, SLOW);
    // 50 sent + 2 failed + 1 bounced of 200.
    expect(bar.getAttribute("aria-valuenow")).toBe("27");
    expect(screen.getByText("sent 50 of 200")).toBeTruthy();
    expect(screen.getByText(/2 failed · 1 bounced · 3 unsubscribed/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Resume/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Pause send of Comets return" }));
    await expect.poll(() => sent[0]).toEqual({ intent: "pause", id: send.id });
  });
});
