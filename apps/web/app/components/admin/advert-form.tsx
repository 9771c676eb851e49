import { ADVERT_IMAGE_UPLOAD, ADVERT_PLACEMENTS, type AdvertInputValues, MESSAGES } from "@broadsheet/domain";
import { Save } from "lucide-react";
import { type FormEvent, type ReactNode, useId } from "react";
import { Form, useActionData, useNavigate, useNavigation } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { useToast } from "../toaster";
import { Button, Field } from "../ui";
import { IdempotencyKeyField } from "./editor-safety/idempotency-key-field";
import { ImageUploader } from "./image-uploader";
import { RichTextField } from "./rich-text-field";

/*
 * The form of Add Advert and Edit Advert (docs/product.md#5-admin-screens): images (jpg, png, gif, webp; at least
 * one), link, placement ("Category": Advert Top, Advert Main, Advert Main2), rich content.
 */

/** The advert's input (AdvertInputSchema) with every field filled; `category` is its placement. */
export type AdvertFormValues = Required<AdvertInputValues>;

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
  const result = useActionData<ActionResult>();
  const ids = { link: useId(), category: useId() };
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  useResultToast(result, () => {
    if (mode === "create") navigate("/admin/all-adds");
  });

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
        {mode === "create" ? <IdempotencyKeyField /> : null}
        <ImageUploader initialImages={initial.image} accept={ADVERT_IMAGE_UPLOAD.mimeTypes} />

        <div className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:grid-cols-[minmax(0,1fr)_14rem]">
          <Field
            kind="url"
            id={ids.link}
            name="link"
            label="Link"
            inputMode="url"
            defaultValue={initial.link}
            placeholder="https://advertiser.example/offer"
            hint="Where the advert leads (http:// or https://)."
          />
          <Field
            kind="select"
            id={ids.category}
            name="category"
            label="Category"
            defaultValue={initial.category}
            hint="Where it appears on the site."
            options={ADVERT_PLACEMENTS.map((placement) => ({ value: placement, label: placement }))}
          />
        </div>

        <RichTextField initialContent={initial.content} placeholder="Text shown with the advert (optional)…" />

        <div className="flex justify-end">
          <Button type="submit" busy={submitting} icon={Save}>
            {mode === "create" ? "Create advert" : "Update advert"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
