import { useRouteLoaderData } from "react-router";

/** The time the root loader rendered with, so server and browser agree on "3 hours ago". */
export function useNow(): Date {
  const root = useRouteLoaderData("root") as { now?: string } | undefined;
  return root?.now ? new Date(root.now) : new Date();
}
