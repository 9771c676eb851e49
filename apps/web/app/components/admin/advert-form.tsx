import { ADVERT_PLACEMENTS, MESSAGES, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { LoaderCircle, Save } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { Form, useActionData, useNavigate, useNavigation } from "react-router";
import type { ContentFormResult } from "../../lib/admin-content";
import { inputClass } from "../form-controls";
import { useToast } from "../toaster";
import { ADVERT_IMAGE_TYPES, ImageUploader } from "./image-uploader";
import { RichTextEditor } from "./rich-text-editor";

/*
 * The form of Add Advert and Edit Advert (SPEC.md §2): images (jpg, png, gif, webp; at least
 * one), link, placement ("Category": Advert Top, Advert Main, Advert Main2), rich content.
 */

export interface AdvertFormValues {
  link: string;
  category: string;
  content: string;
  image: string[];
}

export const EMPTY_ADVERT: AdvertFormValues = { link: "", category: ADVERT_PLACEMENTS[0], content: "", image: [] };

export function AdvertForm({
  mode,
  heading,
  description,
  initial,
}: {
  mode: "create" | "edit";
  heading: string;
  description?: ReactNode;
  initial: AdvertFormValues;
}) {
  const toast = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const result = useActionData<ContentFormResult>();
  const handled = useRef<ContentFormResult | undefined>(undefined);
  const ids = { link: useId(), category: useId() };
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    if (mode === "create") {
      toast.success(SUCCESS_MESSAGES.advertCreated);
      navigate("/admin/all-adds");
    } else {
      toast.success(SUCCESS_MESSAGES.advertUpdated);
    }
  }, [result, mode, toast, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (new FormData(event.currentTarget).getAll("image").length > 0) return;
    event.preventDefault();
    toast.error(MESSAGES.addImage);
  }

  return (
    <div>
      <header className="mb-6">
        <h1 className="font-serif text-3xl font-bold text-ink">{heading}</h1>
        {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      </header>
      <Form method="post" onSubmit={onSubmit} className="max-w-4xl space-y-6">
        <ImageUploader initialImages={initial.image} accept={ADVERT_IMAGE_TYPES} />

        <div className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:grid-cols-[minmax(0,1fr)_14rem]">
          <div>
            <label htmlFor={ids.link} className="block text-sm font-semibold text-gray-800">
              Link
            </label>
            <input
              id={ids.link}
              name="link"
              type="url"
              inputMode="url"
              defaultValue={initial.link}
              placeholder="https://advertiser.example/offer"
              aria-describedby={`${ids.link}-hint`}
              className={`mt-1.5 ${inputClass}`}
            />
            <p id={`${ids.link}-hint`} className="mt-1 text-xs text-gray-600">
              Where the advert leads (http:// or https://).
            </p>
          </div>
          <div>
            <label htmlFor={ids.category} className="block text-sm font-semibold text-gray-800">
              Category
            </label>
            <select
              id={ids.category}
              name="category"
              defaultValue={initial.category}
              aria-describedby={`${ids.category}-hint`}
              className={`mt-1.5 ${inputClass}`}
            >
              {ADVERT_PLACEMENTS.map((placement) => (
                <option key={placement} value={placement}>
                  {placement}
                </option>
              ))}
            </select>
            <p id={`${ids.category}-hint`} className="mt-1 text-xs text-gray-600">
              Where it appears on the site.
            </p>
          </div>
        </div>

        <RichTextEditor initialContent={initial.content} placeholder="Text shown with the advert (optional)…" />

        <div className="flex justify-end">
          <button
            type="submit"
            disabled={submitting}
            className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
          >
            {submitting ? (
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
            ) : (
              <Save aria-hidden="true" className="h-4 w-4" />
            )}
            {mode === "create" ? "Create advert" : "Update advert"}
          </button>
        </div>
      </Form>
    </div>
  );
}
