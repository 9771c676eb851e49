import { IDEMPOTENCY_HEADER } from "@broadsheet/domain";
import { formText } from "./form-data";

/** The form's idempotency key (IdempotencyKeyField) as the API's header; none when the form has none. */
export function idempotencyHeaders(form: FormData): { headers?: Record<string, string> } {
  const key = formText(form, "idempotencyKey").trim();
  return key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {};
}
