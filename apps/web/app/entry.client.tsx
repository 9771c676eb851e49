import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/*
 * Hydration is a transition, so React does it in slices and yields to the browser between
 * them (input, paint) instead of one long task; the server-rendered page already reads and
 * navigates without it.
 */
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
