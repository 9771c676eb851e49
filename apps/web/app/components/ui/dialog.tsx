import { type ReactNode, useId, useRef } from "react";
import { Button } from "./button";

/**
 * The delete confirmation of docs/product.md#5-admin-screens ("Are you sure to delete …?" with Delete and
 * Cancel) as a native modal <dialog>: focus is trapped, Escape cancels, nothing happens
 * unless Delete is pressed.
 */
export function ConfirmDialog({
  question,
  detail,
  confirmLabel = "Delete",
  busy = false,
  onConfirm,
  trigger,
}: {
  question: string;
  detail?: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  /** Called on Delete; return false to keep the dialog open (e.g. while a request runs). */
  onConfirm: () => undefined | boolean | Promise<undefined | boolean>;
  trigger: (open: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => dialog.current?.close();
  return (
    <>
      {trigger(() => dialog.current?.showModal())}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(26rem,calc(100%-2rem))] rounded-xl border border-gray-200 p-6 shadow-2xl backdrop:bg-black/50"
      >
        <h2 id={titleId} className="font-serif text-xl font-bold text-ink">
          {question}
        </h2>
        {detail ? <div className="mt-2 text-sm text-gray-600">{detail}</div> : null}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            busy={busy}
            onClick={async () => {
              if ((await onConfirm()) !== false) close();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}
