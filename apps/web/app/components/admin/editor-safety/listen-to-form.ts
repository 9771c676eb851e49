/**
 * Calls `changed` on any typing or choice in `form` (the rich-text editor's too) and `sent` when
 * it is submitted; returns what removes the listeners.
 */
export function listenToForm(form: HTMLFormElement, { changed, sent }: { changed: () => void; sent: () => void }) {
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", sent);
  return () => {
    form.removeEventListener("input", changed);
    form.removeEventListener("change", changed);
    form.removeEventListener("submit", sent);
  };
}
