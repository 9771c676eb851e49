/** What the admin screens' actions answer; the browser toasts `message` (SPEC.md §4, §8). */
export interface AdminActionResult {
  intent: string;
  ok: boolean;
  message: string;
  /** What was typed, sent back when the server refused it so the form keeps it. */
  values?: Record<string, string>;
}

/** A text field of a submitted form ("" when missing or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The first message of a failed zod parse. */
export function firstIssue(error: { issues: ReadonlyArray<{ message: string }> }, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}
