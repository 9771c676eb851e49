import {
  NEWSLETTER_DESCRIPTION_MAX,
  NEWSLETTER_NAME_MAX,
  type NewsletterInput,
  NewsletterInputSchema,
  type NewsletterJson,
} from "@broadsheet/domain";
import type { LucideIcon } from "lucide-react";
import type { ActionResult } from "../../../lib/forms/action-result";
import { check } from "../../../lib/forms/check";
import { formText } from "../../../lib/forms/form-data";
import { useFormCheck } from "../../../lib/forms/use-form-check";
import { Button, CheckedForm, Field } from "../../ui";
import { IdempotencyKeyField } from "../editor-safety/idempotency-key-field";

/* Add or change a newsletter (Admin → Newsletters, docs/product/newsletters.md). */

/** The form's fields as the API takes them: no category is null, an empty slug is made from the name. */
export function newsletterBody(form: FormData): Record<string, unknown> {
  const slug = formText(form, "slug").trim();
  return {
    name: formText(form, "name"),
    ...(slug ? { slug } : {}),
    description: formText(form, "description"),
    senderName: formText(form, "senderName"),
    senderEmail: formText(form, "senderEmail"),
    replyTo: formText(form, "replyTo"),
    categoryId: formText(form, "categoryId") || null,
    isDefault: form.get("isDefault") === "on",
  };
}

export function checkNewsletter(form: FormData) {
  return check<NewsletterInput>(NewsletterInputSchema, newsletterBody(form), "Check the newsletter's fields");
}

export function NewsletterForm({
  newsletter,
  categories,
  intent,
  submit,
  icon,
  busy,
  result,
}: {
  /** The newsletter changed, or none for a new one. */
  newsletter?: NewsletterJson;
  categories: readonly { _id: string; name: string }[];
  intent: string;
  submit: string;
  icon?: LucideIcon;
  busy?: boolean;
  /** The action's answer to this form, when it was this form's. */
  result?: ActionResult | null;
}) {
  const form = useFormCheck(checkNewsletter, result);
  const key = newsletter?._id ?? "new";
  return (
    <CheckedForm check={form} errorId={`newsletter-${key}-error`} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {intent === "create" ? <IdempotencyKeyField /> : null}
      {newsletter ? <input type="hidden" name="id" value={newsletter._id} /> : null}
      <Field
        kind="text"
        id={`newsletter-${key}-name`}
        name="name"
        label="Name"
        required
        maxLength={NEWSLETTER_NAME_MAX}
        defaultValue={newsletter?.name ?? ""}
        invalid={form.invalid("name")}
      />
      <Field
        kind="text"
        id={`newsletter-${key}-slug`}
        name="slug"
        label="Slug"
        autoComplete="off"
        defaultValue={newsletter?.slug ?? ""}
        invalid={form.invalid("slug")}
        hint={newsletter ? "How forms and the API name it." : "Empty: made from the name."}
      />
      <Field
        kind="textarea"
        id={`newsletter-${key}-description`}
        name="description"
        label="Description"
        rows={2}
        maxLength={NEWSLETTER_DESCRIPTION_MAX}
        defaultValue={newsletter?.description ?? ""}
        hint="Shown to readers on sign-up forms."
      />
      <Field
        kind="text"
        id={`newsletter-${key}-sender-name`}
        name="senderName"
        label="Sender name"
        defaultValue={newsletter?.senderName ?? ""}
        hint="Empty: the site's name."
      />
      <Field
        kind="email"
        id={`newsletter-${key}-sender-email`}
        name="senderEmail"
        label="Sender address"
        defaultValue={newsletter?.senderEmail ?? ""}
        invalid={form.invalid("senderEmail")}
        hint="Empty: the site's mail address (MAIL_FROM). Use an address of a domain your mail provider may send for."
      />
      <Field
        kind="email"
        id={`newsletter-${key}-reply-to`}
        name="replyTo"
        label="Reply-to"
        defaultValue={newsletter?.replyTo ?? ""}
        invalid={form.invalid("replyTo")}
        hint="Where readers' replies go; empty: the sender address."
      />
      <Field
        kind="select"
        id={`newsletter-${key}-category`}
        name="categoryId"
        label="Category"
        defaultValue={newsletter?.categoryId ?? ""}
        options={[
          { value: "", label: "All stories" },
          ...categories.map((category) => ({ value: category._id, label: category.name })),
        ]}
        hint="A newsletter tied to a category is offered for that category's stories."
      />
      <Field
        kind="checkbox"
        id={`newsletter-${key}-default`}
        name="isDefault"
        label="Default newsletter"
        defaultChecked={newsletter?.isDefault ?? false}
        disabled={newsletter?.isDefault}
        hint={
          newsletter?.isDefault
            ? "This is the default. To change that, make another newsletter the default."
            : "Sign-up forms without a choice subscribe to it; the current default stops being one."
        }
      />
      <Button type="submit" busy={busy} icon={icon} className="w-full">
        {submit}
      </Button>
    </CheckedForm>
  );
}
