import { formatZonedTime, type SendJson, type SendStatus, sendsApi } from "@broadsheet/domain";
import { Ban, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { fetchEndpoint } from "../../../lib/api-client";
import { Button } from "../../ui";

/* A send's live progress (Admin → Newsletters, the editor after "Publish and send"). */

/** How often a send still going is asked about (ms). */
export const SEND_POLL_MS = 2_000;

const GOING: readonly SendStatus[] = ["queued", "sending"];
export const isGoing = (send: Pick<SendJson, "status">) => GOING.includes(send.status);

const STATUS_LABELS: Record<SendStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  paused: "Paused",
  cancelled: "Cancelled",
  failed: "Failed",
};

/**
 * Keeps `initial` sends up to date while one of them is queued or sending: `load` is asked
 * again every SEND_POLL_MS, and no more once every send has stopped.
 */
export function useLiveSends<T extends Pick<SendJson, "status">>(initial: T[], load: () => Promise<T[] | null>): T[] {
  const [sends, setSends] = useState(initial);
  useEffect(() => setSends(initial), [initial]);
  const going = sends.some(isGoing);
  useEffect(() => {
    if (!going) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const fresh = await load().catch(() => null);
      if (!stopped && fresh) setSends(fresh);
    }, SEND_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [going, load]);
  return sends;
}

/** Every recent send, live. */
export const loadSends = async () => {
  const result = await fetchEndpoint(sendsApi.list, { query: {} });
  return result.ok ? result.data.items : null;
};

/** One send, live (the editor's link after sending). */
export function useLiveSend(initial: SendJson): SendJson {
  const start = useMemo(() => [initial], [initial]);
  const load = useCallback(async () => {
    const result = await fetchEndpoint(sendsApi.get, { params: { id: initial.id } });
    return result.ok ? [result.data] : null;
  }, [initial.id]);
  const [send] = useLiveSends(start, load);
  return send ?? initial;
}

export function SendProgressBar({ send }: { send: SendJson }) {
  const done = send.sent + send.failed + send.bounced;
  const percent = send.recipients > 0 ? Math.min(100, Math.round((done / send.recipients) * 100)) : 0;
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Send progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`sent ${send.sent} of ${send.recipients}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-sm text-gray-800">
        <span className="font-semibold">
          sent {send.sent} of {send.recipients}
        </span>
        <span className="text-gray-600">
          {" "}
          · {send.failed} failed · {send.bounced} bounced · {send.unsubscribed} unsubscribed
        </span>
      </p>
    </div>
  );
}

/** Pause, Resume and Cancel, posted to the screen's action (they work without scripts). */
function SendControls({ send }: { send: SendJson }) {
  const control = (intent: string, label: string, icon: typeof Pause, variant: "outline" | "danger") => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={send.id} />
      <Button type="submit" size="sm" variant={variant} icon={icon} aria-label={`${label} send of ${send.postTitle}`}>
        {label}
      </Button>
    </Form>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {isGoing(send) ? control("pause", "Pause", Pause, "outline") : null}
      {send.status === "paused" ? control("resume", "Resume", Play, "outline") : null}
      {isGoing(send) || send.status === "paused" ? control("cancel", "Cancel", Ban, "danger") : null}
    </div>
  );
}

export function SendCard({ send, timeZone }: { send: SendJson; timeZone: string }) {
  const when =
    send.scheduledFor && send.status === "queued" && new Date(send.scheduledFor) > new Date()
      ? `waits for the post to go live on ${formatZonedTime(send.scheduledFor, timeZone)}`
      : `started ${formatZonedTime(send.startedAt ?? send.createdAt, timeZone)}`;
  return (
    <li id={`send-${send.id}`} className="space-y-2 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-ink">{send.postTitle}</p>
        <p className="text-sm">
          <span className="rounded bg-gray-100 px-2 py-0.5 font-semibold text-gray-800">
            {STATUS_LABELS[send.status]}
          </span>
        </p>
      </div>
      <p className="text-xs text-gray-600">
        To {send.newsletters.join(", ")}
        {send.isResend ? " (sent again)" : ""} · {when}
      </p>
      <SendProgressBar send={send} />
      {send.error ? <p className="text-sm text-red-700">{send.error}</p> : null}
      {send.tracking ? (
        <p className="text-xs text-gray-600">
          About {send.tracking.opens} opens (an estimate: images blocked or fetched by privacy proxies skew it) ·{" "}
          {send.tracking.clicks.reduce((sum, link) => sum + link.clicks, 0)} link clicks
        </p>
      ) : null}
      <SendControls send={send} />
    </li>
  );
}
