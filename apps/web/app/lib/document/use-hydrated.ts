import { startTransition, useEffect, useState } from "react";

/**
 * False during the server render and hydration, true once React runs in the browser:
 * for controls that only work with JavaScript (a show-password toggle) and for telling
 * an action that the page will handle its answer itself. The switch is a transition after
 * the component mounts, so React renders the changed parts in slices between the browser's
 * own work instead of in one long task after hydration. It is false on every component's
 * first render, even after a client-side navigation: a module flag would be true for the
 * home page's Suspense boundaries, which React hydrates after the rest of the page.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
