import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during the server render and hydration, true once React runs in the browser:
 * for controls that only work with JavaScript (a show-password toggle) and for telling
 * an action that the page will handle its answer itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
