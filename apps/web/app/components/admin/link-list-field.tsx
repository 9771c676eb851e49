import type { SiteLink } from "@broadsheet/domain";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button, inputClass } from "../ui";

/*
 * An ordered list of links (label and URL) an admin edits: rows of two fields named
 * `{name}Label` and `{name}Url`, in order. Without JavaScript the current links and two
 * empty rows are there to fill; with it, rows are added, moved and removed in place.
 */

interface Row extends SiteLink {
  key: number;
}

const EMPTY_ROWS_WITHOUT_SCRIPT = 2;

export function LinkListField({
  name,
  legend,
  noun,
  hint,
  initial,
  max,
  suggestions,
}: {
  name: string;
  legend: string;
  /** What one row is, for its fields' labels: "Navigation link 2 label". */
  noun: string;
  hint?: string;
  initial: SiteLink[];
  max: number;
  /** Links offered in an "Add a page" select (the site's pages): the one chosen fills the first empty row, or a new one. */
  suggestions?: SiteLink[];
}) {
  const hintId = useId();
  const suggestionId = useId();
  const nextKey = useRef(initial.length + EMPTY_ROWS_WITHOUT_SCRIPT);
  const [rows, setRows] = useState<Row[]>(() => [
    ...initial.map((link, key) => ({ ...link, key })),
    ...Array.from({ length: Math.min(EMPTY_ROWS_WITHOUT_SCRIPT, max - initial.length) }, (_, index) => ({
      label: "",
      url: "",
      key: initial.length + index,
    })),
  ]);

  const update = (index: number, change: Partial<SiteLink>) =>
    setRows((list) => list.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const move = (index: number, to: number) =>
    setRows((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [row] = next.splice(index, 1);
      if (row) next.splice(to, 0, row);
      return next;
    });

  const addLink = (link: SiteLink) =>
    setRows((list) => {
      const empty = list.findIndex((row) => row.label === "" && row.url === "");
      if (empty >= 0) return list.map((row, at) => (at === empty ? { ...row, ...link } : row));
      return list.length < max ? [...list, { ...link, key: nextKey.current++ }] : list;
    });

  return (
    <fieldset aria-describedby={hint ? hintId : undefined} className="space-y-2">
      <legend className="text-sm font-semibold text-gray-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <ol className="space-y-2">
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-center gap-2">
              <input
                name={`${name}Label`}
                aria-label={`${noun} ${number} label`}
                placeholder="Label"
                maxLength={40}
                value={row.label}
                onChange={(event) => update(index, { label: event.target.value })}
                className={inputClass}
              />
              <input
                name={`${name}Url`}
                aria-label={`${noun} ${number} URL`}
                placeholder="https://… or /category/…"
                value={row.url}
                onChange={(event) => update(index, { url: event.target.value })}
                className={inputClass}
              />
              <div className="flex gap-1">
                <Button
                  variant="quiet"
                  size="icon"
                  icon={ArrowUp}
                  aria-label={`Move ${noun.toLowerCase()} ${number} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  variant="quiet"
                  size="icon"
                  icon={ArrowDown}
                  aria-label={`Move ${noun.toLowerCase()} ${number} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  variant="quietDanger"
                  size="icon"
                  icon={Trash2}
                  aria-label={`Remove ${noun.toLowerCase()} ${number}`}
                  onClick={() => setRows((list) => list.filter((_, at) => at !== index))}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        icon={Plus}
        disabled={rows.length >= max}
        onClick={() => setRows((list) => [...list, { label: "", url: "", key: nextKey.current++ }])}
      >
        Add {noun.toLowerCase()}
      </Button>
      {suggestions && suggestions.length > 0 ? (
        <div className="flex max-w-sm items-center gap-2">
          <label htmlFor={suggestionId} className="shrink-0 text-sm font-semibold text-gray-800">
            Add a page
          </label>
          <select
            id={suggestionId}
            value=""
            onChange={(event) => {
              const link = suggestions.find((suggestion) => suggestion.url === event.target.value);
              if (link) addLink(link);
            }}
            className={inputClass}
          >
            <option value="">Choose a page…</option>
            {suggestions.map((link) => (
              <option key={link.url} value={link.url}>
                {link.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </fieldset>
  );
}
