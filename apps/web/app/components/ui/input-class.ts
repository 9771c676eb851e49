/** The look of a text control (input, select, textarea): for controls outside a <Field>, e.g. a table's filters. */
export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2.5 text-ink shadow-xs placeholder:text-gray-500 focus:border-brand-600 aria-invalid:border-red-700 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600";
