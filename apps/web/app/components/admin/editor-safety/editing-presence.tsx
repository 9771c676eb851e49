import {
  EDITING_HEARTBEAT_SECONDS,
  endpointUrl,
  POST_EDITING_MESSAGES,
  type PostEditor,
  postEditingApi,
} from "@broadsheet/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchEndpoint } from "../../../lib/api-client";
import { Button } from "../../ui";

/**
 * "{name} is editing" (issue 43): while the edit screen is open it tells the server so every
 * EDITING_HEARTBEAT_SECONDS; when a colleague has the post, it says so and offers to take it
 * over, as WordPress's post lock does. Closing the screen frees the post at once.
 */
export function EditingPresence({ postId }: { postId: string }) {
  const [holder, setHolder] = useState<PostEditor | null>(null);
  const hadIt = useRef(false);
  const [takenFromMe, setTakenFromMe] = useState(false);

  const beat = useCallback(
    async (takeOver = false) => {
      // Offline or refused: the notice stays as it was until a heartbeat gets through.
      const answer = await fetchEndpoint(postEditingApi.heartbeat, {
        params: { id: postId },
        body: { takeOver },
      }).catch(() => null);
      if (!answer?.ok) return;
      setHolder(answer.data);
      if (answer.data.mine) {
        hadIt.current = true;
        setTakenFromMe(false);
      } else if (hadIt.current) {
        hadIt.current = false;
        setTakenFromMe(true);
      }
    },
    [postId],
  );

  useEffect(() => {
    void beat();
    const timer = window.setInterval(() => void beat(), EDITING_HEARTBEAT_SECONDS * 1000);
    const url = endpointUrl(postEditingApi.leave, { id: postId });
    // keepalive: the request outlives a closing tab.
    // Offline, the post frees itself after EDITING_TIMEOUT_SECONDS instead.
    const leave = () =>
      void fetch(url, { method: "DELETE", credentials: "same-origin", keepalive: true }).catch(() => undefined);
    window.addEventListener("pagehide", leave);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [beat, postId]);

  if (!holder || holder.mine) return null;
  const name = holder.editor.name;
  return (
    <section
      aria-label="Someone else is editing"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-gray-800 xl:col-span-2"
    >
      <p role="alert">
        <strong>
          {takenFromMe ? POST_EDITING_MESSAGES.takenOver(name) : POST_EDITING_MESSAGES.someoneEditing(name)}.
        </strong>{" "}
        Saving now may overwrite their work; the save is refused if they saved first.
      </p>
      <Button type="button" variant="secondary" onClick={() => void beat(true)}>
        Take over
      </Button>
    </section>
  );
}
