import { type LucideIcon, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "./dialog";

const iconClass =
  "inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-600 transition-colors hover:bg-gray-100 hover:text-ink";

/** The actions cell of a table row, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-end gap-1">{children}</div>;
}

/** An icon link of a row; `label` names the row ("Edit Sports advert 3"), `title` the action. */
export function RowLink({
  to,
  label,
  title,
  icon: Icon,
}: {
  to: string;
  label: string;
  title: string;
  icon: LucideIcon;
}) {
  return (
    <Link to={to} aria-label={label} title={title} className={iconClass}>
      <Icon aria-hidden="true" className="h-4 w-4" />
    </Link>
  );
}

/**
 * The Delete icon of a row: asks first (the question of docs/product.md#5-admin-screens, Delete and Cancel) and keeps
 * the dialog open until `onDelete` is done. The screen owns the request: the row is gone
 * by the time its answer arrives.
 */
export function RowDeleteButton({
  question,
  detail,
  label,
  busy,
  onDelete,
}: {
  question: string;
  detail: ReactNode;
  label: string;
  busy: boolean;
  onDelete: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      question={question}
      detail={detail}
      busy={busy}
      onConfirm={async () => {
        await onDelete();
        return undefined;
      }}
      trigger={(open) => (
        <button
          type="button"
          onClick={open}
          aria-label={label}
          title="Delete"
          className={`${iconClass} hover:bg-red-50 hover:text-red-700`}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      )}
    />
  );
}
