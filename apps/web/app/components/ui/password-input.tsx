import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, useState } from "react";
import { useHydrated } from "../../lib/document/use-hydrated";
import { inputClass } from "./input-class";

/** A password input with a show/hide toggle (the toggle appears once JavaScript runs). */
export function PasswordInput({
  id,
  toggleNoun = "password",
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { id: string; toggleNoun?: string }) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="relative mt-1.5">
      <input id={id} type={shown ? "text" : "password"} className={`${inputClass} pr-11`} {...input} />
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
  );
}
