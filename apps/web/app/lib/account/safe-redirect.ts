export { safeRedirect } from "@broadsheet/domain";

/** `base` with `?redirectTo=…` appended when there is a safe target (safeRedirect). */
export function withRedirectTo(base: string, redirectTo: string | null): string {
  return redirectTo ? `${base}?redirectTo=${encodeURIComponent(redirectTo)}` : base;
}
