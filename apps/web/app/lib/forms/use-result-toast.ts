import { MESSAGES } from "@broadsheet/domain";
import { useEffect, useRef } from "react";
import { useToast } from "../../components/toaster";
import type { ActionResult } from "./action-result";

/*
 * Answers already toasted. Fetchers shared by key hand the same answer object to every
 * component using them (a card shown twice in a carousel): it is toasted once all the same.
 */
const toasted = new WeakSet<object>();

/**
 * Toasts an action's answer once (docs/product.md#8-validation-and-messages): its notices, then its message, green on
 * success and red on failure; then runs `onSuccess` after a success.
 */
export function useResultToast<Result extends ActionResult>(
  result: Result | null | undefined,
  onSuccess?: (result: Extract<Result, { ok: true }>) => void,
): void {
  const toast = useToast();
  const after = useRef(onSuccess);
  after.current = onSuccess;
  useEffect(() => {
    if (!result || toasted.has(result)) return;
    toasted.add(result);
    for (const notice of result.notices ?? []) toast.success(notice);
    if (!result.ok) {
      toast.error(result.message || MESSAGES.internalError);
      return;
    }
    if (result.message) toast.success(result.message);
    after.current?.(result as Extract<Result, { ok: true }>);
  }, [result, toast]);
}
