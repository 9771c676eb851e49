import { useEffect, useState } from "react";
import { useActionData } from "react-router";
import type { EditConflict } from "../../../lib/admin/editor-safety.server";
import { Button } from "../../ui";

const LABELS: Record<string, string> = {
  title: "Title",
  link: "Link",
  slug: "Address",
  content: "Content",
  category: "Category",
  type: "Type",
  image: "Images",
  imageAlt: "Image descriptions",
  correction: "Correction",
  tags: "Tags",
};

// Fields typed into a plain input of the form, which "Take theirs" can fill in place.
const PLAIN_FIELDS = new Set(["title", "link", "slug", "correction"]);

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Fills a form field as if typed, so React's own state (a slug that follows the title) sees it. */
function fillField(name: string, value: string) {
  const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form [name="${name}"]`);
  if (!field) return;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The edit screen's side of post versions (decision 076): the version the editor opened goes
 * with each save; a save over someone else's shows their values beside these, to take theirs
 * field by field and then save over the version now stored.
 */
export function EditConflictPanel({ version }: { version: number }) {
  const result = useActionData<{ conflict?: EditConflict } | undefined>();
  const [basedOn, setBasedOn] = useState(version);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [taken, setTaken] = useState<Set<string>>(new Set());

  useEffect(() => setBasedOn(version), [version]);
  useEffect(() => {
    if (result?.conflict) {
      setConflict(result.conflict);
      setTaken(new Set());
    }
  }, [result]);

  return (
    <>
      <input type="hidden" name="version" value={basedOn} />
      {conflict ? (
        <section
          aria-label="Edit conflict"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-gray-800 xl:col-span-2"
        >
          <h2 className="font-semibold">Someone else saved this post since you opened it</h2>
          <p className="mt-1">Compare their changes with yours, take theirs where you want, then merge and save.</p>
          <ul className="mt-3 grid gap-3">
            {conflict.fields.map(({ field, theirs, mine }) => (
              <li key={field} className="grid gap-2 rounded border border-amber-200 bg-white p-3 md:grid-cols-2">
                <h3 className="font-semibold md:col-span-2">{LABELS[field] ?? field}</h3>
                <div>
                  <p className="text-xs font-semibold uppercase text-gray-500">Theirs</p>
                  <p data-testid={`theirs-${field}`}>{field === "content" ? plainText(theirs) : theirs}</p>
                </div>
                <div>
                  <p className="text-xs font-semibold uppercase text-gray-500">Yours</p>
                  <p>{field === "content" ? plainText(mine) : mine}</p>
                </div>
                {PLAIN_FIELDS.has(field) ? (
                  <div className="md:col-span-2">
                    <Button
                      type="button"
                      variant="secondary"
                      disabled={taken.has(field)}
                      onClick={() => {
                        fillField(field, theirs);
                        setTaken(new Set([...taken, field]));
                      }}
                    >
                      {taken.has(field)
                        ? `Took their ${LABELS[field]?.toLowerCase()}`
                        : `Take their ${LABELS[field]?.toLowerCase()}`}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-3">
            <Button
              type="button"
              onClick={() => {
                setBasedOn(conflict.version);
                setConflict(null);
              }}
            >
              Merge: keep my other changes
            </Button>
          </div>
        </section>
      ) : basedOn !== version ? (
        <p role="status" className="text-sm text-gray-700 xl:col-span-2">
          Merged with their version. Save to keep these values.
        </p>
      ) : null}
    </>
  );
}
