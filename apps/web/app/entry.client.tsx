import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadViewerState, markScriptsRunning } from "./lib/viewer-state";

/*
 * Hydration is a transition, so React does it in slices and yields to the browser between
 * them (input, paint) instead of one long task; the server-rendered page already reads and
 * navigates without it.
 */
markScriptsRunning();
// On the page every logged-in reader shares, their own state (already on its way, preloaded) is
// ready when hydration ends, so the first interactive frame shows it.
void loadViewerState().finally(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
