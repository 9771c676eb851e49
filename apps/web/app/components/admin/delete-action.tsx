import { type LucideIcon, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { ActionResult } from "../../lib/forms/action-result";
import { useToastedFetcher } from "../../lib/forms/toasted-fetcher";
import { Button, ConfirmDialog } from "../ui";

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
  verb = "Delete",
  icon = Trash2,
}: {
  question: string;
  /** Accessible name of the button, e.g. "Delete category Sports" (starts with the verb). */
  label: string;
  fields: Record<string, string>;
  detail?: ReactNode;
  /** The button's and the dialog's word, for a removal that is not a deletion (e.g. "Archive"). */
  verb?: string;
  icon?: LucideIcon;
}) {
  // The answer removes this button's row: it is toasted from the root.
  const fetcher = useToastedFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmDialog
      question={question}
      confirmLabel={verb}
      detail={detail}
      busy={busy}
      onConfirm={() => {
        fetcher.submit(fields, { method: "post" });
        return undefined;
      }}
      trigger={(open) => (
        <Button variant="danger" size="sm" icon={icon} busy={busy} onClick={open} aria-label={label}>
          {verb}
        </Button>
      )}
    />
  );
}
