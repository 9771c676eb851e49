import { useNavigate } from "react-router";
import { useSessionUser } from "../../lib/session-user";
import { LOGIN_FROM_HOME } from "./home-data";

/**
 * The submit (or click) handler of a home reader action: a logged-out reader is sent to log in
 * instead, as the action needs an account; a logged-in one's form goes on to /reader-actions.
 */
export function useLoginFirst(): (event: { preventDefault: () => void }) => void {
  const user = useSessionUser();
  const navigate = useNavigate();
  return (event) => {
    if (user) return;
    event.preventDefault();
    navigate(LOGIN_FROM_HOME);
  };
}
