import { type FormEvent, useState } from "react";
import { useToast } from "../../components/toaster";
import type { ActionResult, Refusal } from "./action-result";
import type { Checked } from "./check";

/**
 * Checks a form in the browser before it is sent (with the same check its action runs) and
 * says what is wrong: `error` is the message to show on the form (the browser's refusal, else
 * the action's), `invalid(name)` marks the fields it is about (every field when the problem is
 * not about one, e.g. a wrong password).
 */
export function useFormCheck(check: (form: FormData) => Checked<unknown>, result?: ActionResult | null) {
  const toast = useToast();
  const [refused, setRefused] = useState<Refusal | null>(null);
  const failure = refused ?? (result && !result.ok ? result : null);
  const error = failure?.message ?? null;
  const fieldErrors = failure?.fieldErrors ?? {};
  const aboutFields = Object.keys(fieldErrors).length > 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = check(new FormData(event.currentTarget));
    if (checked.ok) {
      setRefused(null);
      return;
    }
    event.preventDefault();
    setRefused(checked);
    toast.error(checked.message);
  }

  function invalid(name: string): true | undefined {
    if (!error) return undefined;
    return !aboutFields || fieldErrors[name] ? true : undefined;
  }

  return { error, invalid, onSubmit, clearError: () => setRefused(null) };
}
