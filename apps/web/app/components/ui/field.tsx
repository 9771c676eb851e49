import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { inputClass } from "./input-class";
import { PasswordInput } from "./password-input";

/* A form's field: always a visible label, its hint and error below, AA colours, clear focus. */

const fileInputClass =
  "mt-1.5 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-gray-200";

interface Labelled {
  id: string;
  name: string;
  label: string;
  /** Below the control, and describes it. */
  hint?: ReactNode;
  /** This field's own error, below the control: it describes the control and marks it invalid. */
  error?: ReactNode;
  /** Marks the control invalid when the form's error (shown elsewhere) is about it. */
  invalid?: boolean;
  /** Classes of the field's box (e.g. its column span in a grid). */
  boxClassName?: string;
}

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "children">;

/** The input kinds of the screens; `kind` is the input's type. */
export type InputKind = "text" | "email" | "url" | "tel" | "number" | "date" | "time" | "datetime-local";

export type FieldProps = Labelled &
  (
    | ({ kind: InputKind } & InputAttributes)
    | ({
        kind: "password";
        /** The show/hide toggle; off where a password is only confirmed. */
        toggle?: boolean;
        /** "password" → the toggle reads "Show password". */
        toggleNoun?: string;
      } & InputAttributes)
    | ({ kind: "file" } & InputAttributes)
    | ({ kind: "checkbox" } & InputAttributes)
    | ({ kind: "textarea" } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "children">)
    | ({ kind: "select"; options: readonly SelectOption[] } & Omit<
        SelectHTMLAttributes<HTMLSelectElement>,
        "id" | "name" | "children"
      >)
  );

/** A field described ahead of its screen, which gives it its id. */
export type FieldSpec = FieldProps extends infer Each ? (Each extends unknown ? Omit<Each, "id"> : never) : never;

export interface SelectOption {
  value: string;
  label: string;
}

/** The ids the control is described by: its hint, then its error. */
function describedBy(id: string, hint: ReactNode, error: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/**
 * One field of a form: its label, the control of its `kind`, its hint and its error. A screen
 * lists its fields as FieldProps and renders each with <Field {...field} />.
 */
export function Field(props: FieldProps) {
  const { id, label, hint, error, invalid, boxClassName } = props;
  const described = {
    "aria-describedby": describedBy(id, hint, error),
    "aria-invalid": invalid || error ? (true as const) : undefined,
  };
  if (props.kind === "checkbox") return <CheckboxField {...props} />;
  return (
    <div className={boxClassName}>
      <label htmlFor={id} className="block text-sm font-semibold text-gray-800">
        {label}
      </label>
      <Control {...props} described={described} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Described = { "aria-describedby"?: string; "aria-invalid"?: true };

/** The control of a field, its own props less the field's. */
function Control(props: FieldProps & { described: Described }) {
  switch (props.kind) {
    case "textarea": {
      const { kind, label, hint, error, invalid, boxClassName, described, className, ...textarea } = props;
      return <textarea className={`mt-1.5 ${inputClass} ${className ?? ""}`} {...described} {...textarea} />;
    }
    case "select": {
      const { kind, label, hint, error, invalid, boxClassName, described, className, options, ...select } = props;
      return (
        <select className={`mt-1.5 ${inputClass} ${className ?? ""}`} {...described} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    }
    case "password": {
      const { kind, label, hint, error, invalid, boxClassName, described, toggle, toggleNoun, className, ...input } =
        props;
      if (toggle === false)
        return (
          <input type="password" className={`mt-1.5 ${inputClass} ${className ?? ""}`} {...described} {...input} />
        );
      return <PasswordInput toggleNoun={toggleNoun} {...described} {...input} />;
    }
    case "file": {
      const { kind, label, hint, error, invalid, boxClassName, described, className, ...input } = props;
      return <input type="file" className={`${fileInputClass} ${className ?? ""}`} {...described} {...input} />;
    }
    case "checkbox":
      return null;
    default: {
      const { kind, label, hint, error, invalid, boxClassName, described, className, ...input } = props;
      return <input type={kind} className={`mt-1.5 ${inputClass} ${className ?? ""}`} {...described} {...input} />;
    }
  }
}

/** A checkbox: the box before its label, the hint under the label (read as part of its name). */
function CheckboxField(props: Extract<FieldProps, { kind: "checkbox" }>) {
  const { kind, label, hint, error, invalid, boxClassName, className, ...input } = props;
  return (
    <label htmlFor={input.id} className={`flex items-start gap-3 text-sm ${boxClassName ?? ""}`}>
      <input
        type="checkbox"
        className={`mt-0.5 h-4 w-4 rounded border-gray-300 ${className ?? ""}`}
        aria-invalid={invalid || error ? true : undefined}
        {...input}
      />
      <span>
        <span className="font-semibold text-gray-800">{label}</span>
        {hint ? <span className="block text-gray-600">{hint}</span> : null}
        {error ? <span className="block font-semibold text-red-700">{error}</span> : null}
      </span>
    </label>
  );
}
