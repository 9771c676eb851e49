import { CircleAlert, CircleCheck, Eye, EyeOff, LoaderCircle } from "lucide-react";
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from "react";
import { Form, type FormProps } from "react-router";
import { useHydrated } from "../lib/document/use-hydrated";

/* Form pieces shared by the screens: always a visible label, AA colours, clear focus. */

export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2.5 text-ink shadow-xs placeholder:text-gray-500 focus:border-brand-600 aria-invalid:border-red-700 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600";

export const primaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
};

/** A control with its visible label above and its hint below (the hint describes the control). */
function LabelledField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ id, name, label, hint, className, ...input }: TextFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint}>
      <input
        id={id}
        name={name}
        type="text"
        className={`mt-1.5 ${inputClass} ${className ?? ""}`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
    </LabelledField>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name"> & {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
};

export function TextAreaField({ id, name, label, hint, className, ...textarea }: TextAreaFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint}>
      <textarea
        id={id}
        name={name}
        className={`mt-1.5 ${inputClass} ${className ?? ""}`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...textarea}
      />
    </LabelledField>
  );
}

/** A web address field: the phone keyboard for URLs, and the browser's URL check when it validates. */
export function LinkField(props: Omit<TextFieldProps, "name" | "label" | "type" | "inputMode">) {
  return <TextField {...props} name="link" label="Link" type="url" inputMode="url" />;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name"> & {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
};

export function SelectField({ id, name, label, hint, children, ...select }: SelectFieldProps) {
  return (
    <LabelledField id={id} label={label} hint={hint}>
      <select
        id={id}
        name={name}
        className={`mt-1.5 ${inputClass}`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...select}
      >
        {children}
      </select>
    </LabelledField>
  );
}

/** The e-mail field of the account forms: no autocapitalisation or spell check, shown in lower case. */
export function EmailField(props: Omit<TextFieldProps, "name" | "type" | "label">) {
  return (
    <TextField
      name="email"
      type="email"
      label="Email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@example.com"
      className="lowercase"
      {...props}
    />
  );
}

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type"> & {
  id: string;
  name: string;
  label: string;
  /** Accessible name of the toggle, e.g. "password" → "Show password" / "Hide password". */
  toggleNoun?: string;
};

/** A password input with a show/hide toggle (the toggle appears once JavaScript runs). */
export function PasswordField({ id, name, label, toggleNoun = "password", ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input id={id} name={name} type={shown ? "text" : "password"} className={`${inputClass} pr-11`} {...input} />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShown((value) => !value)}
            aria-label={`${shown ? "Hide" : "Show"} ${toggleNoun}`}
            aria-controls={id}
            aria-pressed={shown}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-gray-600 hover:text-brand-600"
          >
            {shown ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A new password and its confirmation (registration, password reset). */
export function NewPasswordFields({
  ids,
  label,
  invalid,
}: {
  ids: { password: string; confirm: string };
  label: string;
  invalid: (name: string) => true | undefined;
}) {
  return (
    <>
      <PasswordField
        id={ids.password}
        name="password"
        label={label}
        autoComplete="new-password"
        aria-invalid={invalid("password")}
      />
      <PasswordField
        id={ids.confirm}
        name="confirmPassword"
        label="Confirm Password"
        toggleNoun="confirm password"
        autoComplete="new-password"
        aria-invalid={invalid("confirmPassword")}
      />
    </>
  );
}

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

export function SubmitButton({
  busy,
  children,
  className,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={`${primaryButtonClass} ${className ?? ""}`}>
      {busy ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
      {children}
    </button>
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
