import {
  type ComponentProps,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
} from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "./action-result";
import { useResultToast } from "./use-result-toast";

/*
 * A fetcher sent from a row that its own answer removes (a deleted poll, comment or saved
 * post). React Router commits the answer and the page's reload as transitions; when the reload
 * lands before React renders (a busy phone), React renders both at once and the row is gone
 * without ever having seen its answer: its toast and follow-up were lost (decision 037).
 * So from the submit until the answer has been handled, a component at the root holds the
 * same fetcher key and toasts the answer in the row's stead.
 */

interface PendingAnswer {
  /** The fetcher's answer when it was sent: anything else is the new answer. */
  before: unknown;
  onSuccess: (result: ActionResult) => void;
}

const pending = new Map<string, PendingAnswer>();
let snapshot: ReadonlyArray<[string, PendingAnswer]> = [];
const NONE: ReadonlyArray<[string, PendingAnswer]> = [];
const listeners = new Set<() => void>();

function publish() {
  snapshot = [...pending];
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function expectAnswer(key: string, answer: PendingAnswer) {
  pending.set(key, answer);
  publish();
}

function answered(key: string, answer: PendingAnswer) {
  if (pending.get(key) !== answer) return;
  pending.delete(key);
  publish();
}

/**
 * useFetcher() whose answer is toasted (and `onSuccess` run) even if the component that sent
 * it has unmounted by then. Send with its `submit` or its `Form`; do not also call
 * useResultToast() on its data.
 */
export function useToastedFetcher<Result extends ActionResult>(
  onSuccess?: (result: Extract<Result, { ok: true }>) => void,
) {
  const key = useId();
  const fetcher = useFetcher<Result>({ key });
  const after = useRef(onSuccess);
  after.current = onSuccess;
  const data = useRef(fetcher.data);
  data.current = fetcher.data;

  const { submit: send, Form: FetcherForm } = fetcher;
  const watch = useCallback(
    () =>
      expectAnswer(key, {
        before: data.current,
        onSuccess: (result) => after.current?.(result as Extract<Result, { ok: true }>),
      }),
    [key],
  );
  const submit = useCallback<typeof send>(
    (target, options) => {
      watch();
      return send(target, options);
    },
    [send, watch],
  );
  const Form = useMemo(() => {
    function ToastedForm(props: ComponentProps<typeof FetcherForm>) {
      const { onSubmit } = props;
      return (
        <FetcherForm
          {...props}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            onSubmit?.(event);
            if (!event.defaultPrevented) watch();
          }}
        />
      );
    }
    return ToastedForm as typeof FetcherForm;
  }, [FetcherForm, watch]);
  return useMemo(() => ({ ...fetcher, submit, Form }), [fetcher, submit, Form]);
}

function PendingAnswerToast({ fetcherKey, answer }: { fetcherKey: string; answer: PendingAnswer }) {
  const fetcher = useFetcher<ActionResult>({ key: fetcherKey });
  const result = fetcher.data !== answer.before ? fetcher.data : undefined;
  useResultToast(result, answer.onSuccess);
  useEffect(() => {
    if (result) answered(fetcherKey, answer);
  }, [result, fetcherKey, answer]);
  return null;
}

/** Rendered once, in the root: toasts the answers useToastedFetcher() is waiting for. */
export function PendingAnswerToasts() {
  const answers = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => NONE,
  );
  return answers.map(([key, answer]) => <PendingAnswerToast key={key} fetcherKey={key} answer={answer} />);
}
