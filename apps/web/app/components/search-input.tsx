import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";

/** The `search` field of a search form: a label for screen readers, the magnifier inside the box. */
export function SearchInput({
  id,
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "name"> & { id: string; label: string }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
        />
        <input id={id} type="search" name="search" {...input} />
      </div>
    </>
  );
}
