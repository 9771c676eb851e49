import { LoaderCircle, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { ActionResult } from "../../lib/forms/action-result";
import { useToastedFetcher } from "../../lib/forms/toasted-fetcher";
import { ConfirmDialog } from "../ui";

export const dangerButtonClass =
  "inline-flex items-center gap-1.5 rounded-md border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 transition-colors hover:border-red-700 hover:bg-red-700 hover:text-white disabled:cursor-wait disabled:opacity-60";

/**
 * A Delete button that asks first (the question of docs/product.md#5-admin-screens, Delete and Cancel) and then posts
 * `fields` to the screen's action; the answer is toasted and the screen's data reloads.
 * Nothing is sent on Cancel.
 */
export function DeleteAction({
  question,
  label,
  fields,
  detail,
}: {
  question: string;
  /** Accessible name of the button, e.g. "Delete category Sports" (starts with "Delete"). */
  label: string;
  fields: Record<string, string>;
  detail?: ReactNode;
}) {
  // The answer removes this button's row: it is toasted from the root.
  const fetcher = useToastedFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmDialog
      question={question}
      detail={detail}
      busy={busy}
      onConfirm={() => {
        fetcher.submit(fields, { method: "post" });
        return undefined;
      }}
      trigger={(open) => (
        <button type="button" onClick={open} disabled={busy} aria-label={label} className={dangerButtonClass}>
          {busy ? (
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          )}
          Delete
        </button>
      )}
    />
  );
}
