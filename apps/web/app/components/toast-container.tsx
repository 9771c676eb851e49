import { X } from "lucide-react";
import { type CloseButtonProps, ToastContainer } from "react-toastify/unstyled";
import { TOAST_DURATION_MS } from "./toaster";

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

/** The toasts' region as components/toaster.tsx describes it; fetched when first wanted. */
export default function Toasts() {
  return (
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
  );
}
