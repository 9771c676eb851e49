import {
  type BodyOf,
  type NewsletterJson,
  newslettersApi,
  POST_DELIVERIES,
  type PostDelivery,
  type postsApi,
  sendsApi,
} from "@broadsheet/domain";
import type { AppLoadContext } from "react-router";
import type { PostDeliveryData } from "../../components/admin/newsletters/delivery-choice";
import { callApi, errorMessage } from "../api.server";
import { apiAction, fail, succeed } from "../forms/answer.server";
import { formList, formText } from "../forms/form-data";

/*
 * The editor's delivery choice on the server (docs/product/newsletters.md): which newsletters a
 * save mails the post to, and the send after the save. "Send only by e-mail" keeps the post a
 * draft on the web (the lead's decision, decision record 071).
 */

export interface DeliveryRequest {
  delivery: PostDelivery;
  newsletters: string[];
  /** Newsletters ticked "Send again": the send may go to those that already had the story. */
  resend: boolean;
}

/** The form's choice; "Save as draft" never sends. */
export function deliveryOf(form: FormData): DeliveryRequest {
  const chosen = formText(form, "delivery");
  const delivery = (POST_DELIVERIES as readonly string[]).includes(chosen) ? (chosen as PostDelivery) : "web";
  const newsletters = formList(form, "newsletters");
  const again = new Set(formList(form, "resend"));
  const sending = delivery !== "web" && formText(form, "intent") !== "draft";
  return {
    delivery: sending ? delivery : "web",
    newsletters,
    resend: newsletters.some((slug) => again.has(slug)),
  };
}

type PostBody = BodyOf<typeof postsApi.create>;

/**
 * The post body as this delivery saves it: "Send only by e-mail" keeps it off the web (a
 * draft, not scheduled), or a refusal when it cannot be done.
 */
export function bodyForDelivery(
  body: PostBody,
  request: DeliveryRequest,
  intent: string,
): { ok: true; body: PostBody } | { ok: false; message: string } {
  if (request.delivery === "web") return { ok: true, body };
  if (request.newsletters.length === 0) return { ok: false, message: "Choose at least one newsletter to send to" };
  if (request.delivery === "email" && intent === "schedule") {
    return {
      ok: false,
      message: "A post sent only by e-mail is not scheduled: choose Publish and send to mail it when it goes live",
    };
  }
  return request.delivery === "email"
    ? { ok: true, body: { ...body, isPublished: false, scheduledAt: null } }
    : { ok: true, body };
}

/** After the post was saved: mails it as chosen and answers with the send's id, or says why it was not sent. */
export async function sendAfterSave(
  context: AppLoadContext,
  intent: string,
  postId: string,
  request: DeliveryRequest,
  saved: string,
) {
  const send = await callApi(context, sendsApi.create, {
    body: { postId, newsletters: request.newsletters, ...(request.resend ? { resend: true } : {}) },
  });
  if (!send.ok) {
    return fail({ intent, notices: [saved], message: `Not sent: ${errorMessage(send)}` }, send.status);
  }
  const what = request.delivery === "email" ? "Sending by e-mail only" : "Sending";
  return succeed({ intent, message: `${saved} ${what}: follow its progress below.`, sendId: send.data.id, postId });
}

/** The newsletters and this post's sends for the editor; none when newsletters are unreachable. */
export async function loadDelivery(context: AppLoadContext, postId?: string): Promise<PostDeliveryData> {
  const [newsletters, sends] = await Promise.all([
    callApi(context, newslettersApi.list),
    postId ? callApi(context, sendsApi.list, { query: { postId } }) : null,
  ]);
  return {
    newsletters: newsletters.ok
      ? (newsletters.data.items as NewsletterJson[]).filter((newsletter) => !newsletter.archived)
      : [],
    sends: sends?.ok ? sends.data.items : [],
  };
}

/** "Send a test to me": the saved post to the logged-in staff member. */
export function sendTest(context: AppLoadContext, postId: string) {
  return apiAction(context, "testSend", sendsApi.test, { body: { postId } });
}
