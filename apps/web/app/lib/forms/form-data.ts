/*
 * Reading a submitted form, the same way in the browser (before submitting) and in the
 * route actions: every field is a string, "" when it is missing or a file.
 */

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Several text fields by name: what a schema checks, and what a refused form gets back to keep. */
export function formTexts<const Name extends string>(form: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form, name)])) as Record<Name, string>;
}

/** The non-empty values of a repeated field (e.g. the image URLs of a post), trimmed. */
export function formList(form: FormData, name: string): string[] {
  return form
    .getAll(name)
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.trim())
    .filter(Boolean);
}
