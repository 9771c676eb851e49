import { useOutletContext } from "react-router";
import type { SessionUser } from "../session-user";

/** The staff member the admin layout let in (admin screens render only inside it). */
export function useAdminUser(): SessionUser {
  return useOutletContext<{ user: SessionUser }>().user;
}
