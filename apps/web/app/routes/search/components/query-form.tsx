import type { FormEvent, ReactNode } from "react";
import { Form, useNavigate } from "react-router";
import { DEFAULTS, type QueryKey, queryString, type SearchQuery } from "../query";

/**
 * A GET form of the search page: it edits some parts of the search and carries the others
 * (`keep`) as hidden fields. Without JavaScript it submits as is; with it, the form becomes
 * a clean URL (defaults left out) and the back button walks the searches.
 */
export function QueryForm({
  query,
  keep,
  className,
  children,
}: {
  query: SearchQuery;
  keep: QueryKey[];
  className?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const submitClean = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    const entries = Array.from(form.entries()).map(([key, value]) => [key, String(value)] as [string, string]);
    navigate(`/search${queryString(entries)}`);
  };
  return (
    <Form method="get" action="/search" onSubmit={submitClean} className={className}>
      {keep.map((key) => {
        const value = String(query[key]);
        return value === "" || value === DEFAULTS[key] ? null : (
          <input key={key} type="hidden" name={key} value={value} />
        );
      })}
      {children}
    </Form>
  );
}

/** Once hydrated, a select submits its form on change (the Apply buttons exist only with scripts off). */
export function submitOnChange(event: FormEvent<HTMLSelectElement>) {
  event.currentTarget.form?.requestSubmit();
}
