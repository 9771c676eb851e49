import { POST_FIELD_LIMITS, postDescription } from "@broadsheet/domain";
import { useId, useState } from "react";
import { Field } from "../ui";

/*
 * The "Search and social" section of the post editor and the page form (docs/product/post-fields.md,
 * docs/product/pages.md): the excerpt, the meta title and description with counts against what a
 * search result shows, the social image and canonical URL, and a search-result preview that falls
 * back as the meta tags do.
 */

export type SeoValues = {
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
  canonicalUrl: string;
};

/** "48 of 60 characters", past the shown length: "72 of 60 characters: search results cut the rest". */
export function lengthHint(length: number, shown: number): string {
  const count = `${length} of ${shown} characters`;
  return length > shown ? `${count}: search results cut the rest` : count;
}

/** What the fields say of each kind: only the fallbacks differ. */
const WORDING = {
  post: {
    untitled: "Title of the post",
    // Not "Meta title": the story's own Title field must stay the only label with that word.
    metaTitleLabel: "Search headline",
    excerpt: "A standfirst shown under the title, on cards and in feeds. Leave empty for none.",
    metaTitle: "The page's meta title; leave empty to use the story's headline.",
    metaDescription: "Leave empty to use the excerpt.",
    socialImage: "The image shown when the story is shared. Leave empty to use the first image.",
    canonicalUrl: "Where the story first ran, if elsewhere. Leave empty for this post's own address.",
  },
  page: {
    untitled: "Title of the page",
    metaTitleLabel: "Meta title",
    excerpt: "Shown under the title on the page. Leave empty for none.",
    metaTitle: "Leave empty to use the title.",
    metaDescription: "Leave empty to use the excerpt, else the start of the text.",
    socialImage: "The image shown when the page is shared. Leave empty for none.",
    canonicalUrl: "Where the text first ran, if elsewhere. Leave empty for this page's own address.",
  },
} as const;

export function SeoFields({
  kind,
  initial,
  address,
}: {
  kind: keyof typeof WORDING;
  /** The fields, with the title and body as last saved for the preview's fallbacks. */
  initial: SeoValues & { title: string; content: string };
  /** The post's or page's own address, shown in the preview unless a canonical URL is set. */
  address: string;
}) {
  const { title, content } = initial;
  const [values, setValues] = useState<SeoValues>(initial);
  const wording = WORDING[kind];
  const id = useId();
  /** What every field of the section takes from its name: id, limit, value and change. */
  const bind = (name: keyof SeoValues) => ({
    id: `${id}-${name}`,
    name,
    maxLength: POST_FIELD_LIMITS[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const shownTitle = values.metaTitle || title || wording.untitled;
  const shownDescription = postDescription(
    { title, content, excerpt: values.excerpt, metaDescription: values.metaDescription },
    POST_FIELD_LIMITS.metaDescriptionShown,
  );

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
    >
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-gray-800">
        Search and social
      </h2>
      <Field kind="textarea" {...bind("excerpt")} label="Excerpt" rows={2} hint={wording.excerpt} />
      <Field
        kind="text"
        {...bind("metaTitle")}
        label={wording.metaTitleLabel}
        hint={`${lengthHint(values.metaTitle.length, POST_FIELD_LIMITS.metaTitleShown)}. ${wording.metaTitle}`}
      />
      <Field
        kind="textarea"
        {...bind("metaDescription")}
        label="Meta description"
        rows={3}
        hint={`${lengthHint(values.metaDescription.length, POST_FIELD_LIMITS.metaDescriptionShown)}. ${wording.metaDescription}`}
      />
      <Field
        kind="text"
        {...bind("socialImage")}
        label="Social image"
        placeholder="https://…"
        hint={wording.socialImage}
      />
      <Field
        kind="text"
        {...bind("canonicalUrl")}
        label="Canonical URL"
        placeholder="https://…"
        hint={wording.canonicalUrl}
      />
      <figure aria-label="Search result preview" className="rounded-md border border-gray-200 bg-gray-50 p-3">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-gray-600">
          Search result preview
        </figcaption>
        <p className="mt-2 truncate text-xs text-gray-700">{values.canonicalUrl || address}</p>
        <p className="truncate text-lg text-blue-800">{shownTitle.slice(0, POST_FIELD_LIMITS.metaTitleShown)}</p>
        <p className="text-sm text-gray-700">{shownDescription}</p>
      </figure>
    </section>
  );
}
