import { useEffect, useRef } from "react";
import type { AdminActionResult } from "../../lib/admin-action";
import { useToast } from "../toaster";

/**
 * Toasts an action's answer once (success or error, SPEC.md §8) and runs `then` after a
 * success; the same answer object is never toasted twice (re-renders, revalidation).
 */
export function useResultToast(
  result: AdminActionResult | undefined,
  then?: (result: AdminActionResult) => void,
): void {
  const toast = useToast();
  const handled = useRef<AdminActionResult | undefined>(undefined);
  const after = useRef(then);
  after.current = then;
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success(result.message);
      after.current?.(result);
    } else toast.error(result.message);
  }, [result, toast]);
}
