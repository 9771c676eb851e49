import type { NavigateFunction, ShouldRevalidateFunction } from "react-router";

/**
 * After a login or registration in the browser: to the `redirectTo` page when one was
 * given, else back one page (docs/product.md#login-and-register), else home when /login was the first page.
 */
export function leaveAuthPage(navigate: NavigateFunction, redirectTo: string | null): void {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (redirectTo) void navigate(redirectTo, { replace: true });
  else if (index > 0) void navigate(-1);
  else void navigate("/", { replace: true });
}

/** After a successful login or registration the page is left at once; its loader would only bounce to "/". */
export const skipRevalidationOnSuccess: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;
