import { normalizeSlug, POST_MESSAGES, slugify } from "@broadsheet/domain";
import { useEffect, useId, useState } from "react";
import { useActionData } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { Field } from "../ui";

const SLUG_MESSAGES: readonly string[] = [POST_MESSAGES.slugTaken, POST_MESSAGES.slugEmpty];

/**
 * The post's slug (issue 41): a new post's follows its title until the editor types one; the
 * hint shows the address it makes. The server's refusal of it (taken, empty) shows here.
 */
export function SlugField({ initialSlug, titleId, follow }: { initialSlug: string; titleId: string; follow: boolean }) {
  const id = useId();
  const [slug, setSlug] = useState(initialSlug);
  const [touched, setTouched] = useState(!follow);
  const result = useActionData<ActionResult>();
  const error = result && !result.ok && SLUG_MESSAGES.includes(result.message) ? result.message : undefined;

  useEffect(() => {
    if (touched) return;
    const title = document.getElementById(titleId);
    if (!(title instanceof HTMLInputElement)) return;
    const fromTitle = () => setSlug(title.value.trim() ? slugify(title.value) : "");
    fromTitle();
    title.addEventListener("input", fromTitle);
    return () => title.removeEventListener("input", fromTitle);
  }, [titleId, touched]);

  const address = normalizeSlug(slug);
  return (
    <Field
      kind="text"
      id={id}
      name="slug"
      label="Slug"
      value={slug}
      onChange={(event) => {
        setTouched(true);
        setSlug(event.target.value);
      }}
      maxLength={200}
      error={error}
      hint={
        address ? (
          <>
            The post's address: <span className="font-mono">/page/{address}</span>
          </>
        ) : (
          "Made from the title when left empty."
        )
      }
    />
  );
}
