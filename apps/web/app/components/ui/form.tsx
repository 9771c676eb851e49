import { CircleAlert, CircleCheck } from "lucide-react";
import type { FormEvent, ReactNode, Ref } from "react";
import { Form, type FormProps } from "react-router";

/** The inline message of a form: an error (red) or a confirmation (green). */
export function FormMessage({ id, kind, children }: { id?: string; kind: "error" | "success"; children: ReactNode }) {
  const error = kind === "error";
  return (
    <div
      id={id}
      data-kind={kind}
      className={`flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm ${
        error ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"
      }`}
    >
      {error ? (
        <CircleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      ) : (
        <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      )}
      <p>{children}</p>
    </div>
  );
}

/**
 * A form checked in the browser with useFormCheck() (the browser's own validation is off, so
 * the shared schema's messages show): its error on top, describing the form while shown.
 */
export function CheckedForm({
  check,
  errorId,
  children,
  ...form
}: Omit<FormProps, "onSubmit" | "noValidate"> & {
  check: { error: string | null; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  errorId: string;
  ref?: Ref<HTMLFormElement>;
}) {
  return (
    <Form
      method="post"
      noValidate
      onSubmit={check.onSubmit}
      aria-describedby={check.error ? errorId : undefined}
      {...form}
    >
      {check.error ? (
        <FormMessage id={errorId} kind="error">
          {check.error}
        </FormMessage>
      ) : null}
      {children}
    </Form>
  );
}
