import { StrictMode, startTransition } from "react";
import { loadViewerState, markScriptsRunning } from "./lib/viewer-state";

/*
 * Hydration is a transition, so React does it in slices and yields to the browser between
 * them (input, paint) instead of one long task; the server-rendered page already reads and
 * navigates without it.
 */
markScriptsRunning();
// On the page every logged-in reader shares, their own state (already on its way, preloaded) is
// ready when hydration ends, so the first interactive frame shows it.
const viewerStateLoaded = loadViewerState();

/** A task of its own, without a timer: a hidden tab runs timers at most once a second. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/*
 * React DOM is CommonJS: its chunk only wraps it, and its 180 KB run when first imported.
 * Imported here, each in a task of its own rather than all in this module's, so that no one
 * task runs React DOM's set-up, React Router's and the start of hydration (decision 035).
 */
async function hydrate(): Promise<void> {
  await nextTask();
  const { hydrateRoot } = await import("react-dom/client");
  await nextTask();
  const { HydratedRouter } = await import("react-router/dom");
  await viewerStateLoaded.catch(() => undefined);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
