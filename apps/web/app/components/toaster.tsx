import { X } from "lucide-react";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type CloseButtonProps, ToastContainer, toast } from "react-toastify/unstyled";

/*
 * Toasts as docs/product.md#9-limits-and-constants describes them, from react-toastify (decision 014):
 * top-right, light, auto-close after 3000 ms, paused while hovered or while the window has no focus, swiped
 * away with a finger or dragged with the mouse, and Alt+T moves focus to them. The unstyled
 * entry, its stylesheet imported by app.css: no <style> injected at run time.
 */
export const TOAST_DURATION_MS = 3000;

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

// Failures interrupt a screen reader (alert); everything else waits its turn (status).
const TOASTS: ToastApi = {
  success: (message) => toast.success(message, { role: "status" }),
  error: (message) => toast.error(message, { role: "alert" }),
  info: (message) => toast.info(message, { role: "status" }),
};

function CloseButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label="Close notification"
      onClick={closeToast}
      className="self-start rounded p-0.5 text-gray-600 hover:text-ink"
    >
      <X aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}

export function Toaster({ children }: { children: ReactNode }) {
  const api = useMemo(() => TOASTS, []);
  return (
    <ToastContext value={api}>
      {children}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_DURATION_MS}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        theme="light"
        closeButton={CloseButton}
        aria-label="Notifications"
        hotKeys={(event) => event.altKey && event.code === "KeyT"}
      />
    </ToastContext>
  );
}
