import { useRouteLoaderData } from "react-router";
import type { loader } from "../root";

/*
 * What the root loader gives every page (root.tsx): the site's settings, the time it rendered
 * with, the logged-in reader. Typed once from the loader, for hooks and for routes' `meta`.
 */
export type RootData = Awaited<ReturnType<typeof loader>>;

/** The routes a `meta` function receives (it cannot call hooks). */
export type MetaMatches = readonly ({ id: string; data?: unknown } | undefined)[];

/** The root loader's data, for components under the root route (none on an error before it ran). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The root loader's data among the matches a route's `meta` receives. */
export function rootDataIn(matches: MetaMatches): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootData | undefined;
}
