import { formatZonedTime, type NewsletterJson, type PostDelivery, type SendJson, sendsApi } from "@broadsheet/domain";
import { Eye, MailCheck } from "lucide-react";
import { type MouseEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { ActionResult } from "../../../lib/forms/action-result";
import { useToastedFetcher } from "../../../lib/forms/toasted-fetcher";
import type { Category } from "../../../lib/post-types";
import { Button } from "../../ui";
import { isGoing, SendProgressBar, useLiveSend } from "./send-progress";

/*
 * The editor's "Delivery" choice (docs/product/newsletters.md): web only (the default),
 * "Publish and send" (web and e-mail) or "Send only by e-mail" (the post stays a draft on the
 * web), the newsletters to send to, the mail's preview and a test to oneself. Without scripts
 * every control still posts with the form; the action does the sending.
 */

export interface PostDeliveryData {
  /** The active newsletters (staff fields). */
  newsletters: NewsletterJson[];
  /** This post's sends, newest first (none for a new post). */
  sends: SendJson[];
}

export const DELIVERY_CHOICES: { value: PostDelivery; label: string; hint: string }[] = [
  { value: "web", label: "Web only", hint: "Published on the site; no mail." },
  { value: "web-and-email", label: "Publish and send", hint: "On the site and mailed to the newsletters below." },
  {
    value: "email",
    label: "Send only by e-mail",
    hint: "Mailed to the newsletters below; the post stays a draft on the site, and the mail has no link to it.",
  },
];

/** What the main button says for each choice. */
export const PUBLISH_LABELS: Record<PostDelivery, string> = {
  web: "Publish",
  "web-and-email": "Publish and send",
  email: "Send only by e-mail",
};

/** Sends that count as the story having gone to a newsletter (a cancelled or failed one does not). */
const HAS_GONE = new Set<SendJson["status"]>(["queued", "sending", "sent", "paused"]);

/** Newsletter slug → when this post was (or is being) sent to it, from its sends. */
export function sentTo(sends: readonly SendJson[]): Map<string, string> {
  const sent = new Map<string, string>();
  for (const send of sends) {
    if (!HAS_GONE.has(send.status)) continue;
    for (const slug of send.newsletters) {
      if (!sent.has(slug)) sent.set(slug, send.finishedAt ?? send.startedAt ?? send.createdAt);
    }
  }
  return sent;
}

/** The newsletters ticked at first: the default, and the chosen category's. */
export function preChecked(newsletters: readonly NewsletterJson[], category: Category | undefined): Set<string> {
  return new Set(
    newsletters
      .filter((newsletter) => newsletter.isDefault || (category && newsletter.categoryId === category._id))
      .map((newsletter) => newsletter.slug),
  );
}

function NewsletterChoice({
  newsletter,
  checkedAtFirst,
  sentAt,
  timeZone,
}: {
  newsletter: NewsletterJson;
  checkedAtFirst: boolean;
  sentAt: string | undefined;
  timeZone: string;
}) {
  const [again, setAgain] = useState(false);
  const id = useId();
  const sent = sentAt !== undefined;
  return (
    <li className="text-sm">
      <label htmlFor={`${id}-send`} className="flex items-start gap-2">
        <input
          id={`${id}-send`}
          type="checkbox"
          name="newsletters"
          value={newsletter.slug}
          // Already sent: ticked only on purpose, after "Send again".
          defaultChecked={checkedAtFirst && !sent}
          disabled={sent && !again}
          className="mt-0.5 h-4 w-4 rounded border-gray-300"
        />
        <span>
          <span className="font-semibold text-gray-800">{newsletter.name}</span>
          <span className="block text-xs text-gray-600">
            {newsletter.subscribers} {newsletter.subscribers === 1 ? "subscriber" : "subscribers"}
          </span>
        </span>
      </label>
      {sent ? (
        <div className="ml-6 mt-1 text-xs text-gray-700">
          <p>
            Sent to {newsletter.name} on {formatZonedTime(sentAt, timeZone)}
          </p>
          <label className="mt-1 flex items-center gap-2">
            <input
              type="checkbox"
              name="resend"
              value={newsletter.slug}
              checked={again}
              onChange={(event) => setAgain(event.target.checked)}
              className="h-3.5 w-3.5 rounded border-gray-300"
            />
            Send again
          </label>
        </div>
      ) : null}
    </li>
  );
}

/** The newest send of this post that is still going, live, with a link to it in Admin → Newsletters. */
function CurrentSend({ send }: { send: SendJson }) {
  const live = useLiveSend(send);
  return (
    <div className="mt-3 rounded-md border border-gray-200 bg-gray-50 p-3" aria-live="polite">
      <SendProgressBar send={live} />
      <Link
        to={`/admin/newsletters#send-${live.id}`}
        className="mt-1 inline-block text-xs font-semibold text-brand-700 hover:underline"
      >
        Follow this send in Admin → Newsletters
      </Link>
    </div>
  );
}

/** "Preview e-mail" (a dialog with the mail as subscribers get it) and "Send a test to me". */
function MailTools({ postId }: { postId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  const fetcher = useToastedFetcher<ActionResult>();
  const titleId = useId();
  const previewHref = `${sendsApi.preview.path}?postId=${encodeURIComponent(postId)}`;
  function openPreview(event: MouseEvent<HTMLAnchorElement>) {
    // Without scripts the link opens the preview in a new tab.
    event.preventDefault();
    setOpened(true);
    dialog.current?.showModal();
  }
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <a
        href={previewHref}
        target="_blank"
        rel="noopener"
        onClick={openPreview}
        className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-2.5 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50"
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
        Preview e-mail
      </a>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        icon={MailCheck}
        busy={fetcher.state !== "idle"}
        // Its own request, so the post's form is not saved with it.
        onClick={(event) => {
          event.preventDefault();
          fetcher.submit({ intent: "testSend" }, { method: "post" });
        }}
        name="intent"
        value="testSend"
      >
        Send a test to me
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto h-[min(50rem,calc(100%-2rem))] w-[min(44rem,calc(100%-2rem))] rounded-xl border border-gray-200 p-0 shadow-2xl backdrop:bg-black/50"
      >
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <h2 id={titleId} className="font-serif text-lg font-bold text-ink">
              E-mail preview
            </h2>
            <Button type="button" variant="outline" size="sm" onClick={() => dialog.current?.close()}>
              Close
            </Button>
          </div>
          <p className="px-4 pt-2 text-xs text-gray-600">The saved post, as subscribers would get it.</p>
          {opened ? (
            <iframe title="E-mail preview" src={previewHref} sandbox="" className="min-h-0 w-full flex-1 border-0" />
          ) : null}
        </div>
      </dialog>
    </div>
  );
}

export function DeliveryChoice({
  data,
  postId,
  category,
  delivery,
  onDeliveryChange,
  timeZone,
}: {
  data: PostDeliveryData;
  /** The saved post (edit screen); a new post has no preview or test yet. */
  postId?: string;
  category: Category | undefined;
  delivery: PostDelivery;
  onDeliveryChange: (delivery: PostDelivery) => void;
  timeZone: string;
}) {
  const id = useId();
  const sent = sentTo(data.sends);
  const checked = preChecked(data.newsletters, category);
  const going = data.sends.find((send) => isGoing(send) || send.status === "paused");
  return (
    <div className="mt-4 border-t border-gray-200 pt-4">
      <fieldset>
        <legend className="text-sm font-semibold text-gray-800">Delivery</legend>
        <div className="mt-2 space-y-2">
          {DELIVERY_CHOICES.map((choice) => (
            <label key={choice.value} htmlFor={`${id}-${choice.value}`} className="flex items-start gap-2 text-sm">
              <input
                id={`${id}-${choice.value}`}
                type="radio"
                name="delivery"
                value={choice.value}
                checked={delivery === choice.value}
                onChange={() => onDeliveryChange(choice.value)}
                aria-describedby={`${id}-${choice.value}-hint`}
                className="mt-0.5 h-4 w-4 border-gray-300"
              />
              <span>
                <span className="font-semibold text-gray-800">{choice.label}</span>
                <span id={`${id}-${choice.value}-hint`} className="block text-xs text-gray-600">
                  {choice.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {data.newsletters.length > 0 ? (
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold text-gray-800">Send to</legend>
          {/* Re-rendered with the category: its newsletter is pre-ticked. */}
          <ul className="mt-2 space-y-2" key={category?._id ?? ""}>
            {data.newsletters.map((newsletter) => (
              <NewsletterChoice
                key={newsletter._id}
                newsletter={newsletter}
                checkedAtFirst={checked.has(newsletter.slug)}
                sentAt={sent.get(newsletter.slug)}
                timeZone={timeZone}
              />
            ))}
          </ul>
        </fieldset>
      ) : null}
      {postId ? (
        <MailTools postId={postId} />
      ) : (
        <p className="mt-3 text-xs text-gray-600">Save the post to preview its e-mail or send a test to yourself.</p>
      )}
      {going ? <CurrentSend key={going.id} send={going} /> : null}
    </div>
  );
}
