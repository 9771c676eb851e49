import { useRootData } from "../../lib/root-data";

/** The time the root loader rendered with, so server and browser agree on "3 hours ago". */
export function useNow(): Date {
  const root = useRootData();
  return root?.now ? new Date(root.now) : new Date();
}
