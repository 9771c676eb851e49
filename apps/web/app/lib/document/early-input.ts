/*
 * The page's scripts start after its first paint (lib/scripts-after-paint.server.ts), so a
 * reader can click before React has hydrated. A click on a button or a form sent then is held
 * and done again once the page is interactive, instead of doing nothing (a button that only
 * scripts handle) or leaving the page (a form the router would have sent); a choice made in a
 * select is announced again. Links are left to the browser: they work the same either way.
 */

interface EarlyInput {
  /** Set once the page is interactive (or the scripts are given up on): nothing more is held. */
  done: boolean;
  held: Array<() => void>;
}

declare global {
  interface Window {
    __broadsheetEarlyInput?: EarlyInput;
  }
}

/**
 * Runs inline in the head, before anything can be clicked, as `(${captureEarlyInput})(ms)`: it
 * must not refer to anything outside itself. `giveUpAfterMs` after the first held input with
 * no hydration (a script failed to load), the held inputs are replayed for the browser to do
 * what it does without scripts: a form is still sent.
 */
export function captureEarlyInput(giveUpAfterMs: number): void {
  // A browser without module scripts never hydrates: leave everything to it.
  if (!("noModule" in HTMLScriptElement.prototype)) return;
  const early: EarlyInput = { done: false, held: [] };
  window.__broadsheetEarlyInput = early;
  let givingUp = false;
  const remember = (replay: () => void) => {
    early.held.push(replay);
    if (givingUp) return;
    givingUp = true;
    window.setTimeout(() => {
      if (early.done) return;
      early.done = true;
      for (const again of early.held.splice(0)) again();
    }, giveUpAfterMs);
  };
  const hold = (event: Event, replay: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    remember(replay);
  };
  window.addEventListener(
    "click",
    (event) => {
      if (early.done || !(event.target instanceof Element)) return;
      const control = event.target.closest("button, input[type=submit], input[type=image], [role=button]");
      if (!(control instanceof HTMLElement)) return;
      hold(event, () => control.isConnected && control.click());
    },
    true,
  );
  window.addEventListener(
    "submit",
    (event) => {
      if (early.done || !(event.target instanceof HTMLFormElement)) return;
      const form = event.target;
      const submitter = (event as SubmitEvent).submitter;
      hold(event, () => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : null));
    },
    true,
  );
  // A choice in a select has happened and stays chosen; what scripts do with it (the search
  // filters apply at once) is told again once they run.
  window.addEventListener(
    "change",
    (event) => {
      if (early.done || !(event.target instanceof HTMLSelectElement)) return;
      const select = event.target;
      remember(() => select.isConnected && select.dispatchEvent(new Event("change", { bubbles: true })));
    },
    true,
  );
}

/** The inline script for the document's head. */
export const CAPTURE_EARLY_INPUT_SCRIPT = `(${captureEarlyInput.toString()})(10000)`;

/**
 * Called when the root layout has hydrated: what the reader did before is done, in order, once
 * the browser is next idle. By then the page's other parts have hydrated too, and re-rendered
 * as hydrated (a form then tells its action that the page handles the answer).
 */
export function replayEarlyInput(): void {
  const early = window.__broadsheetEarlyInput;
  if (!early || early.done) return;
  const replay = () => {
    if (early.done) return;
    early.done = true;
    for (const again of early.held.splice(0)) again();
  };
  if ("requestIdleCallback" in window) window.requestIdleCallback(replay, { timeout: 2_000 });
  else setTimeout(replay, 50);
}
