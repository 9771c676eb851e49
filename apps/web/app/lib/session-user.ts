import type { Role } from "@broadsheet/domain";
import { useRouteLoaderData } from "react-router";

/** The logged-in reader as the root loader found them (null when logged out). */
export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  phone: string;
  photo: string;
  address: { address: string; state: string; country: string };
}

export function useSessionUser(): SessionUser | null {
  const data = useRouteLoaderData("root") as { user: SessionUser | null } | undefined;
  return data?.user ?? null;
}
