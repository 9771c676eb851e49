import type { PublicUser } from "@broadsheet/domain";
import { useRouteLoaderData } from "react-router";

/** The logged-in reader as the root loader found them (null when logged out). */
export type SessionUser = PublicUser;

export function useSessionUser(): SessionUser | null {
  const data = useRouteLoaderData("root") as { user: SessionUser | null } | undefined;
  return data?.user ?? null;
}
