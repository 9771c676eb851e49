import { useEffect, useRef, useState } from "react";
import { useActionData, useBlocker } from "react-router";
import { listenToForm } from "./listen-to-form";

export const LEAVE_QUESTION = "You have unsaved changes. Leave this page and lose them?";

/**
 * Warns before an editor leaves with changes not yet saved (issue 43): the browser's own prompt
 * when the tab closes or reloads, a confirm for a link inside the app. Typing anywhere in the form
 * (the rich-text editor included) makes it dirty; sending it makes it clean, a refusal dirty again.
 */
export function UnsavedChangesGuard() {
  const marker = useRef<HTMLSpanElement>(null);
  const result = useActionData<{ ok?: boolean } | undefined>();
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    return listenToForm(form, { changed: () => setDirty(true), sent: () => setDirty(false) });
  }, []);

  useEffect(() => {
    if (result && result.ok === false) setDirty(true);
  }, [result]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty && historyAction !== "REPLACE" && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  return <span ref={marker} hidden />;
}
