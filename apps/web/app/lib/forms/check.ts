import type { FieldErrors, Refusal } from "./action-result";

/*
 * Form checks with the API's own zod schemas (packages/domain): the browser runs them before
 * submitting and the action again for readers without JavaScript, so both sides report the
 * same first message.
 */
export type Checked<T> = { ok: true; value: T } | Refusal;

type SafeParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }> } };

export function refusal(message: string, fieldErrors: FieldErrors = {}): Refusal {
  return { ok: false, message, fieldErrors };
}

/**
 * `input` through `schema`; a refusal carries the first message and, per field, its first
 * issue (keyed by the last part of the issue's path, which is the form field's name).
 */
export function check<T>(
  schema: { safeParse(input: unknown): SafeParse<T> },
  input: unknown,
  fallback: string,
): Checked<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path.at(-1) ?? "");
    if (name && !fieldErrors[name]) fieldErrors[name] = issue.message;
  }
  return refusal(parsed.error.issues[0]?.message ?? fallback, fieldErrors);
}
