import { startTransition, useEffect, useState } from "react";

/**
 * Whether a media query matches; false on the server and on the first render (see
 * useHydrated). The first answer arrives in a transition; later changes apply at once.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    startTransition(update);
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}
