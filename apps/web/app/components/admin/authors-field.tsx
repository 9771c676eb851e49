import { type AuthorChoice, authorsApi } from "@broadsheet/domain";
import { ArrowUp, UserPlus, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { fetchEndpoint } from "../../lib/api-client";
import { Button } from "../ui";

interface Byline {
  _id: string;
  name: string;
}

/**
 * A post's Authors (docs/product/bylines.md): the bylines in order, the first the primary, each
 * sent as an `authors` input; editors and admins can be added, removed and moved up. Without
 * scripts the field is not shown and the post keeps its authors.
 */
export function AuthorsField({ initial }: { initial: Byline[] }) {
  const [authors, setAuthors] = useState<Byline[]>(initial);
  const [choices, setChoices] = useState<AuthorChoice[] | null>(null);
  const [picked, setPicked] = useState("");
  const selectId = useId();
  const legendId = useId();

  useEffect(() => {
    let current = true;
    void fetchEndpoint(authorsApi.list, {})
      .then((result) => {
        if (current && result.ok) setChoices(result.data);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  if (choices === null) return null;
  const available = choices.filter((choice) => !authors.some((author) => author._id === choice._id));
  const add = () => {
    const choice = available.find((item) => item._id === picked) ?? available[0];
    if (!choice) return;
    setAuthors((list) => [...list, { _id: choice._id, name: choice.name }]);
    setPicked("");
  };

  return (
    <fieldset aria-labelledby={legendId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
      <legend id={legendId} className="px-1 text-sm font-semibold text-gray-800">
        Authors
      </legend>
      {authors.length === 0 ? <p className="text-sm text-gray-600">You, unless you add authors here.</p> : null}
      <ol aria-label="Bylines" className="space-y-1.5">
        {authors.map((author, index) => (
          <li key={author._id} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {author.name}
              {index === 0 ? <span className="ml-1 text-xs text-gray-600">(primary byline)</span> : null}
            </span>
            <input type="hidden" name="authors" value={author._id} />
            <span className="flex gap-1">
              <button
                type="button"
                aria-label={`Move ${author.name} up`}
                disabled={index === 0}
                onClick={() =>
                  setAuthors((list) => {
                    const next = [...list];
                    [next[index - 1], next[index]] = [next[index] as Byline, next[index - 1] as Byline];
                    return next;
                  })
                }
                className="inline-flex h-7 w-7 items-center justify-center rounded text-gray-700 hover:bg-gray-100 disabled:opacity-30"
              >
                <ArrowUp aria-hidden="true" className="h-4 w-4" />
              </button>
              <button
                type="button"
                aria-label={`Remove ${author.name} from the authors`}
                disabled={authors.length === 1}
                onClick={() => setAuthors((list) => list.filter((item) => item._id !== author._id))}
                className="inline-flex h-7 w-7 items-center justify-center rounded text-red-700 hover:bg-red-50 disabled:opacity-30"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </span>
          </li>
        ))}
      </ol>
      {available.length > 0 ? (
        <div className="mt-3 flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={selectId} className="block text-xs font-semibold text-gray-700">
              Add an author
            </label>
            <select
              id={selectId}
              value={picked}
              onChange={(event) => setPicked(event.target.value)}
              className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-1.5 text-sm"
            >
              {available.map((choice) => (
                <option key={choice._id} value={choice._id}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" icon={UserPlus} onClick={add}>
            Add author
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
