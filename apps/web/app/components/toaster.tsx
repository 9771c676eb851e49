import { X } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

/*
 * Toasts as SPEC.md §9 describes them: top-right, light, auto-close after 3000 ms,
 * paused while hovered or while the window has no focus, dismissible.
 */
export const TOAST_DURATION_MS = 3000;

type ToastKind = "success" | "error" | "info";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastApi {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <Toaster>");
  return api;
}

const KIND_STYLES: Record<ToastKind, string> = {
  success: "border-l-green-600",
  error: "border-l-red-600",
  info: "border-l-blue-600",
};

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    const pause = () => setPaused(true);
    const resume = () => setPaused(false);
    window.addEventListener("blur", pause);
    window.addEventListener("focus", resume);
    return () => {
      window.removeEventListener("blur", pause);
      window.removeEventListener("focus", resume);
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onClose(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, onClose, toast.id]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the auto-close timer; nothing is activated.
    <div
      role={toast.kind === "error" ? "alert" : "status"}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      className={`flex w-80 items-start gap-3 rounded border border-l-4 border-gray-200 bg-white p-3 text-sm text-ink shadow-lg ${KIND_STYLES[toast.kind]}`}
    >
      <p className="flex-1">{toast.message}</p>
      <button type="button" aria-label="Close notification" onClick={() => onClose(toast.id)}>
        <X aria-hidden="true" className="h-4 w-4 text-gray-500" />
      </button>
    </div>
  );
}

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const close = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const api = useMemo<ToastApi>(() => {
    const push = (kind: ToastKind) => (message: string) =>
      setToasts((all) => [...all, { id: nextId.current++, kind, message }]);
    return { success: push("success"), error: push("error"), info: push("info") };
  }, []);

  return (
    <ToastContext value={api}>
      {children}
      <section aria-label="Notifications" className="fixed right-4 top-4 z-50 flex flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={close} />
        ))}
      </section>
    </ToastContext>
  );
}
