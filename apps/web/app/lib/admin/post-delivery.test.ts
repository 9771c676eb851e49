import { describe, expect, it } from "vitest";
import { EMPTY_POST } from "../../components/admin/post-form";
import { bodyForDelivery, deliveryOf } from "./post-delivery.server";

/* The editor's delivery choice on the server: what is sent, and what "Send only by e-mail" saves. */

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

const body = { ...EMPTY_POST, title: "Comets", category: "science", scheduledAt: null, isPublished: true };

describe("the editor's delivery choice", () => {
  it("reads the choice, the newsletters and whether one is sent again", () => {
    const chosen = deliveryOf(
      form([
        ["intent", "publish"],
        ["delivery", "web-and-email"],
        ["newsletters", "newsletter"],
        ["newsletters", "science"],
        ["resend", "science"],
      ]),
    );
    expect(chosen).toEqual({ delivery: "web-and-email", newsletters: ["newsletter", "science"], resend: true });
    // "Send again" ticked for a newsletter not chosen sends nothing again.
    expect(
      deliveryOf(
        form([
          ["delivery", "email"],
          ["newsletters", "a"],
          ["resend", "b"],
        ]),
      ).resend,
    ).toBe(false);
  });

  it("never sends on 'Save as draft' or an unknown choice", () => {
    expect(
      deliveryOf(
        form([
          ["intent", "draft"],
          ["delivery", "web-and-email"],
        ]),
      ).delivery,
    ).toBe("web");
    expect(
      deliveryOf(
        form([
          ["intent", "publish"],
          ["delivery", "fax"],
        ]),
      ).delivery,
    ).toBe("web");
  });

  it("keeps a post sent only by e-mail off the web, and refuses to schedule it", () => {
    const email = { delivery: "email" as const, newsletters: ["newsletter"], resend: false };
    expect(bodyForDelivery(body, email, "publish")).toEqual({
      ok: true,
      body: { ...body, isPublished: false, scheduledAt: null },
    });
    expect(bodyForDelivery(body, email, "schedule")).toMatchObject({ ok: false });
    const both = { ...email, delivery: "web-and-email" as const };
    expect(bodyForDelivery(body, both, "publish")).toEqual({ ok: true, body });
    expect(bodyForDelivery(body, { ...both, newsletters: [] }, "publish")).toEqual({
      ok: false,
      message: "Choose at least one newsletter to send to",
    });
  });
});
