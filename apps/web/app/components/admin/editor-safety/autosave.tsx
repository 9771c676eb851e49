import { AUTOSAVE_AFTER_SECONDS, formatZonedTime, POST_EDITING_MESSAGES, postEditingApi } from "@broadsheet/domain";
import { useEffect, useRef, useState } from "react";
import { useActionData } from "react-router";
import { fetchEndpoint } from "../../../lib/api-client";
import { useSite } from "../../../lib/site";
import { Button } from "../../ui";
import { listenToForm } from "./listen-to-form";

/*
 * Work in the post editor is not lost (issue 43, docs/product/editor-safety.md): every change is
 * copied into this browser's storage at once, and an edited post's title and text are autosaved
 * into its revisions after a few seconds without typing. A copy left by a crash or a closed tab
 * is offered back the next time the editor opens.
 */

/** The fields a local copy keeps: what an editor types or picks in the form. */
const TEXT_FIELDS = [
  "title",
  "slug",
  "link",
  "content",
  "excerpt",
  "metaTitle",
  "metaDescription",
  "socialImage",
  "canonicalUrl",
  "correction",
  "category",
  "type",
] as const;
const LIST_FIELDS = ["image", "imageAlt", "tags"] as const;

export type LocalCopyValues = Partial<
  Record<(typeof TEXT_FIELDS)[number], string> & Record<(typeof LIST_FIELDS)[number], string[]>
>;

interface LocalCopy {
  savedAt: string;
  values: LocalCopyValues;
}

const storageKey = (postId: string | undefined) => `broadsheet:post-copy:${postId ?? "new"}`;

function valuesOf(form: HTMLFormElement): LocalCopyValues {
  const data = new FormData(form);
  const values: LocalCopyValues = {};
  for (const name of TEXT_FIELDS) {
    const value = data.get(name);
    if (typeof value === "string") values[name] = value;
  }
  for (const name of LIST_FIELDS) {
    values[name] = data.getAll(name).filter((value): value is string => typeof value === "string");
  }
  return values;
}

function readCopy(postId: string | undefined): LocalCopy | null {
  try {
    const stored = window.localStorage.getItem(storageKey(postId));
    const copy = stored ? (JSON.parse(stored) as LocalCopy) : null;
    return copy && typeof copy.savedAt === "string" && typeof copy.values === "object" ? copy : null;
  } catch {
    return null;
  }
}

function forgetCopy(postId: string | undefined) {
  try {
    window.localStorage.removeItem(storageKey(postId));
  } catch {
    // Storage off (private mode, full): there is no copy to forget.
  }
}

/** A field's value as the form sends it; a list without its trailing blanks (an image without a description). */
function comparable(value: unknown): string {
  if (!Array.isArray(value)) return String(value ?? "");
  const items = value.map((item) => String(item ?? ""));
  while (items.length > 0 && items.at(-1) === "") items.pop();
  return JSON.stringify(items);
}

/** Whether the copy holds anything the form did not open with. */
function differs(copy: LocalCopy, initial: Record<string, unknown>): boolean {
  return Object.entries(copy.values).some(
    ([field, value]) =>
      comparable(value) !== comparable(Array.isArray(value) ? (initial[field] ?? []) : initial[field]),
  );
}

/**
 * Inside the post form: copies each change to this browser and, for a saved post, autosaves it.
 * A successful save clears the copy.
 */
export function Autosave({ postId }: { postId?: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  const result = useActionData<{ ok?: boolean } | undefined>();
  const timeZone = useSite()?.timeZone ?? "UTC";
  const [status, setStatus] = useState("");

  useEffect(() => {
    if (result?.ok) forgetCopy(postId);
  }, [result, postId]);

  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    let copyTimer: number | undefined;
    let autosaveTimer: number | undefined;
    let lastSent = "";
    const autosave = async () => {
      if (!postId) return;
      const { title = "", content = "" } = valuesOf(form);
      const draft = JSON.stringify([title, content]);
      if (!title.trim() || draft === lastSent) return;
      const saved = await fetchEndpoint(postEditingApi.autosave, {
        params: { id: postId },
        body: { title, content },
      }).catch(() => null);
      if (!saved?.ok) {
        setStatus(POST_EDITING_MESSAGES.autosaveFailed);
        return;
      }
      lastSent = draft;
      setStatus(POST_EDITING_MESSAGES.autosaved(formatZonedTime(saved.data.createdAt, timeZone)));
    };
    const changed = () => {
      window.clearTimeout(copyTimer);
      window.clearTimeout(autosaveTimer);
      // The rich-text editor writes its hidden field after the input event: copy on the next tick.
      copyTimer = window.setTimeout(() => {
        try {
          const copy: LocalCopy = { savedAt: new Date().toISOString(), values: valuesOf(form) };
          window.localStorage.setItem(storageKey(postId), JSON.stringify(copy));
        } catch {
          // Storage off or full: the server autosave still runs.
        }
      }, 300);
      autosaveTimer = window.setTimeout(() => void autosave(), AUTOSAVE_AFTER_SECONDS * 1000);
    };
    // The save itself keeps the values: a copy or an autosave due after it would only repeat them.
    const cancelPending = () => {
      window.clearTimeout(copyTimer);
      window.clearTimeout(autosaveTimer);
    };
    const stopListening = listenToForm(form, { changed, sent: cancelPending });
    return () => {
      stopListening();
      cancelPending();
    };
  }, [postId, timeZone]);

  return (
    <p role="status" className="text-xs text-gray-600">
      <span ref={marker} hidden />
      {status}
    </p>
  );
}

/**
 * Above the form: a copy this browser kept that differs from what the editor opened with, to
 * restore into the form or discard.
 */
export function LocalCopyOffer({
  postId,
  initial,
  onRestore,
}: {
  postId?: string;
  initial: Record<string, unknown>;
  onRestore: (values: LocalCopyValues) => void;
}) {
  const timeZone = useSite()?.timeZone ?? "UTC";
  const [copy, setCopy] = useState<LocalCopy | null>(null);

  // Read once the page is in the browser: the server has no copy to offer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the copy is offered against what the editor opened with.
  useEffect(() => {
    const found = readCopy(postId);
    setCopy(found && differs(found, initial) ? found : null);
  }, [postId]);

  if (!copy) return null;
  return (
    <section
      aria-label="Unsaved copy"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm text-gray-800"
    >
      <p>
        This browser kept changes you had not saved, from {formatZonedTime(copy.savedAt, timeZone)}
        {copy.values.title ? `: “${copy.values.title}”` : ""}.
      </p>
      <div className="flex gap-2">
        <Button
          type="button"
          onClick={() => {
            onRestore(copy.values);
            setCopy(null);
          }}
        >
          Restore my changes
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            forgetCopy(postId);
            setCopy(null);
          }}
        >
          Discard them
        </Button>
      </div>
    </section>
  );
}
