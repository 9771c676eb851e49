import type { SendJson } from "@broadsheet/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { newsletterFixture } from "../../../testing/newsletters";
import { renderRoute } from "../../../testing/render-route";
import { EMPTY_POST, PostForm } from "../post-form";
import type { PostDeliveryData } from "./delivery-choice";

/* The editor's Delivery choice: its choices, the newsletters pre-ticked, "Send again", what the form posts. */

const SLOW = { timeout: 8_000 };

const science = { _id: "c-science", name: "Science", slug: "science", createdAt: "2026-11-01T00:00:00.000Z" };
const travel = { _id: "c-travel", name: "Travel", slug: "travel", createdAt: "2026-11-01T00:00:00.000Z" };

const newsletter = newsletterFixture;

const newsletters = [
  newsletter({}),
  newsletter({
    _id: "n-science",
    name: "Science Weekly",
    slug: "science-weekly",
    categoryId: "c-science",
    isDefault: false,
    subscribers: 1,
  }),
  newsletter({ _id: "n-travel", name: "Travel Notes", slug: "travel-notes", categoryId: "c-travel", isDefault: false }),
];

const sentSend: SendJson = {
  id: "s-1",
  postId: "p-1",
  postTitle: "Comets return",
  newsletters: ["newsletter"],
  status: "sent",
  recipients: 120,
  sent: 120,
  failed: 0,
  bounced: 0,
  unsubscribed: 0,
  isResend: false,
  scheduledFor: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  startedAt: "2026-11-20T09:00:00.000Z",
  finishedAt: "2026-11-20T09:05:00.000Z",
  error: "",
  tracking: null,
};

function renderForm(delivery: PostDeliveryData, options: { postId?: string; category?: string } = {}) {
  const sent: Record<string, string | string[]>[] = [];
  renderRoute(
    "/admin/edit-post/p-1",
    () => (
      <PostForm
        mode={options.postId ? "edit" : "create"}
        heading="Edit Post"
        initial={{
          ...EMPTY_POST,
          title: "Comets return",
          category: options.category ?? "science",
          image: ["/media/a.png"],
        }}
        categories={[science, travel]}
        types={[]}
        delivery={delivery}
        postId={options.postId}
      />
    ),
    {
      rootData: { site: { siteName: "The Harbour Gazette", timeZone: "UTC" } },
      action: async ({ request }) => {
        const form = await request.formData();
        sent.push({
          intent: String(form.get("intent")),
          delivery: String(form.get("delivery")),
          newsletters: form.getAll("newsletters").map(String),
          resend: form.getAll("resend").map(String),
        });
        return { ok: true, intent: "update", message: "Saved" };
      },
    },
  );
  return sent;
}

describe("the editor's Delivery choice", { timeout: 20_000 }, () => {
  it("is web only at first; the default and the category's newsletters are pre-ticked", async () => {
    renderForm({ newsletters, sends: [] });
    const delivery = await screen.findByRole("group", { name: "Delivery" }, SLOW);
    expect(within(delivery).getByLabelText(/^Web only/)).toHaveProperty("checked", true);
    expect(within(delivery).getByLabelText(/^Publish and send/)).toHaveProperty("checked", false);
    expect(within(delivery).getByLabelText(/^Send only by e-mail/)).toHaveProperty("checked", false);
    const sendTo = screen.getByRole("group", { name: "Send to" });
    expect(within(sendTo).getByLabelText(/^The Harbour Gazette newsletter/)).toHaveProperty("checked", true);
    expect(within(sendTo).getByLabelText(/^Science Weekly/)).toHaveProperty("checked", true);
    expect(within(sendTo).getByLabelText(/^Travel Notes/)).toHaveProperty("checked", false);
    expect(screen.getByRole("button", { name: "Publish" })).toBeTruthy();
    // A new post: nothing saved to preview yet.
    expect(screen.queryByRole("link", { name: "Preview e-mail" })).toBeNull();
  });

  it("re-ticks with the category: its newsletter, not the old one's", async () => {
    renderForm({ newsletters, sends: [] });
    const user = userEvent.setup();
    await screen.findByRole("group", { name: "Send to" }, SLOW);
    await user.selectOptions(screen.getByLabelText("Category"), "travel");
    const sendTo = screen.getByRole("group", { name: "Send to" });
    expect(within(sendTo).getByLabelText(/^Travel Notes/)).toHaveProperty("checked", true);
    expect(within(sendTo).getByLabelText(/^Science Weekly/)).toHaveProperty("checked", false);
  });

  it("'Publish and send' names the button and posts the choice with the ticked newsletters", async () => {
    const sent = renderForm({ newsletters, sends: [] }, { postId: "p-1" });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/^Publish and send/, undefined, SLOW));
    await user.click(screen.getByRole("button", { name: "Publish and send" }));
    await expect
      .poll(() => sent[0])
      .toEqual({
        intent: "publish",
        delivery: "web-and-email",
        newsletters: ["newsletter", "science-weekly"],
        resend: [],
      });
    await user.click(screen.getByLabelText(/^Send only by e-mail/));
    expect(screen.getByRole("button", { name: "Send only by e-mail" })).toBeTruthy();
  });

  it("shows where the post was sent; that newsletter needs 'Send again' to be ticked", async () => {
    const sent = renderForm({ newsletters, sends: [sentSend] }, { postId: "p-1" });
    const user = userEvent.setup();
    expect(await screen.findByText(/^Sent to The Harbour Gazette newsletter on/, undefined, SLOW)).toBeTruthy();
    const main = screen.getByLabelText(/^The Harbour Gazette newsletter/);
    expect(main).toHaveProperty("checked", false);
    expect(main).toHaveProperty("disabled", true);
    await user.click(screen.getByLabelText("Send again"));
    expect(main).toHaveProperty("disabled", false);
    await user.click(main);
    await user.click(screen.getByLabelText(/^Publish and send/));
    await user.click(screen.getByRole("button", { name: "Publish and send" }));
    await expect
      .poll(() => sent[0])
      .toMatchObject({ newsletters: ["newsletter", "science-weekly"], resend: ["newsletter"] });
  });

  it("offers the e-mail's preview and a test once the post is saved", async () => {
    renderForm({ newsletters, sends: [] }, { postId: "p-1" });
    const preview = await screen.findByRole("link", { name: "Preview e-mail" }, SLOW);
    expect(preview.getAttribute("href")).toBe("/api/newsletters/preview?postId=p-1");
    expect(screen.getByRole("button", { name: "Send a test to me" })).toBeTruthy();
  });

  it("shows a going send's progress with a link to it", async () => {
    renderForm(
      { newsletters, sends: [{ ...sentSend, status: "sending", sent: 30, finishedAt: null }] },
      { postId: "p-1" },
    );
    const bar = await screen.findByRole("progressbar", { name: "Send progress" }, SLOW);
    expect(bar.getAttribute("aria-valuenow")).toBe("25");
    expect(screen.getByRole("link", { name: "Follow this send in Admin → Newsletters" }).getAttribute("href")).toBe(
      "/admin/newsletters#send-s-1",
    );
  });
});
