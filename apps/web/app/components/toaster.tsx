import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from "react";

/*
 * Toasts as docs/product.md#9-limits-and-constants describes them, from react-toastify (decision 014):
 * top-right, light, auto-close after 3000 ms, paused while hovered or while the window has no focus, swiped
 * away with a finger or dragged with the mouse, and Alt+T moves focus to them. The unstyled
 * entry, its stylesheet imported by app.css: no <style> injected at run time.
 *
 * react-toastify is 5 KB gzip that most visits never use: it is fetched at the reader's first
 * input (a toast answers one) or the first toast, not with the page (decision 087). Until then
 * the page holds an empty region like the one it renders, so the live region is there at once.
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

const Toasts = lazy(() => import("./toast-container"));

/** What react-toastify's container renders while it has no toast. */
const EMPTY_REGION = (
  <section
    className="Toastify"
    aria-live="polite"
    aria-atomic="false"
    aria-relevant="additions text"
    aria-label="Notifications"
  />
);

// Failures interrupt a screen reader (alert); everything else waits its turn (status).
type Kind = "success" | "error" | "info";
const ROLE: Record<Kind, "alert" | "status"> = { success: "status", error: "alert", info: "status" };

/** The input that usually comes before a toast. */
const FIRST_INPUT = ["pointerdown", "keydown", "focusin"] as const;

export function Toaster({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of FIRST_INPUT) window.addEventListener(type, want, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);
  const api = useMemo<ToastApi>(() => {
    // A toast asked for before the container is there waits in react-toastify's queue.
    const show = (kind: Kind) => (message: string) => {
      setWanted(true);
      void import("react-toastify/unstyled").then(({ toast }) => toast[kind](message, { role: ROLE[kind] }));
    };
    return { success: show("success"), error: show("error"), info: show("info") };
  }, []);
  return (
    <ToastContext value={api}>
      {children}
      {wanted ? (
        <Suspense fallback={EMPTY_REGION}>
          <Toasts />
        </Suspense>
      ) : (
        EMPTY_REGION
      )}
    </ToastContext>
  );
}
