import {
  CORRECTION_MAX_LENGTH,
  formatZonedTime,
  MESSAGES,
  POST_IMAGE_UPLOAD,
  type PostDelivery,
  type PostInputValues,
  toZonedInputValue,
} from "@broadsheet/domain";
import { CalendarClock, ExternalLink, Save, Send } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Form, Link, useActionData, useNavigate, useNavigation } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import type { Category, PostType } from "../../lib/post-types";
import { useSite } from "../../lib/site";
import { useToast } from "../toaster";
import { Button, Field } from "../ui";
import { AuthorsField } from "./authors-field";
import { Autosave, LocalCopyOffer } from "./editor-safety/autosave";
import { EditConflictPanel } from "./editor-safety/edit-conflict";
import { EditingPresence } from "./editor-safety/editing-presence";
import { IdempotencyKeyField } from "./editor-safety/idempotency-key-field";
import { UnsavedChangesGuard } from "./editor-safety/unsaved-changes-guard";
import { useOneSubmitAtATime } from "./editor-safety/use-one-submit-at-a-time";
import { ImageUploader } from "./image-uploader";
import { DeliveryChoice, type PostDeliveryData, PUBLISH_LABELS } from "./newsletters/delivery-choice";
import { RichTextField } from "./rich-text-field";
import { SeoFields } from "./seo-fields";
import { SlugField } from "./slug-field";
import { TagInput } from "./tag-input";

/*
 * The form of Add Post and Edit Post (docs/product.md#5-admin-screens): images, title, link, category, type
 * (only the chosen category's types), rich-text content; "Save as draft" and "Publish", with the
 * delivery choice (web only, "Publish and send", "Send only by e-mail") when newsletters are loaded.
 * Values stay as typed when the server refuses them (the form is never reset).
 */

/** The post's input (PostInputSchema) with every field filled: category and type by slug, "" for none. */
// The version is not a field an editor fills in: the editor-safety panel carries it.
export type PostFormValues = Required<Omit<PostInputValues, "version">>;

export const EMPTY_POST: PostFormValues = {
  title: "",
  link: "",
  category: "",
  type: "",
  content: "",
  slug: "",
  image: [],
  imageAlt: [],
  isPublished: false,
  scheduledAt: null,
  correction: "",
  tags: [],
  excerpt: "",
  metaTitle: "",
  metaDescription: "",
  socialImage: "",
  canonicalUrl: "",
  authors: [],
};

export type PostFormProps = {
  mode: "create" | "edit";
  heading: string;
  description?: ReactNode;
  initial: PostFormValues;
  categories: Category[];
  types: PostType[];
  /** The post's public page (edit screen). */
  viewHref?: string;
  /** The newsletters and this post's sends: the delivery choice shows with them. */
  delivery?: PostDeliveryData;
  /** The saved post's id (edit screen): its mail can be previewed and tested. */
  postId?: string;
  /** The edited post's version (decision 076); a new post has none. */
  version?: number;
  /** The edited post's authors, the primary first; a new post's author is whoever creates it. */
  bylines?: { _id: string; name: string }[];
};

/**
 * The editor with what surrounds its fields: who else has the post open, and an unsaved copy
 * this browser kept, which restores by opening the fields again with its values.
 */
export function PostForm(props: PostFormProps) {
  const [restored, setRestored] = useState<{ values: PostFormValues; count: number } | null>(null);
  return (
    <>
      <LocalCopyOffer
        postId={props.postId}
        initial={props.initial}
        onRestore={(values) =>
          setRestored({ values: { ...props.initial, ...values }, count: (restored?.count ?? 0) + 1 })
        }
      />
      {props.mode === "edit" && props.postId ? <EditingPresence postId={props.postId} /> : null}
      <PostFormBody key={restored?.count ?? 0} {...props} initial={restored?.values ?? props.initial} />
    </>
  );
}

function PostFormBody({
  mode,
  heading,
  description,
  initial,
  categories,
  types,
  viewHref,
  delivery,
  postId,
  version,
  bylines = [],
}: PostFormProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const result = useActionData<ActionResult>();
  const ids = {
    title: useId(),
    link: useId(),
    category: useId(),
    type: useId(),
    scheduleAt: useId(),
    correction: useId(),
  };
  const timeZone = useSite()?.timeZone ?? "UTC";

  const [category, setCategory] = useState(initial.category);
  const [type, setType] = useState(initial.type);
  const [deliveryChoice, setDeliveryChoice] = useState<PostDelivery>("web");
  const categoryName = categories.find((item) => item.slug === category)?.name;
  const categoryTypes = categoryName ? types.filter((item) => item.category === categoryName) : [];

  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const submittingIntent = submitting ? navigation.formData?.get("intent") : null;

  useResultToast(result, () => {
    // A new post that was sent: its edit screen follows the send.
    const sent = result && "postId" in result && typeof result.postId === "string" ? result.postId : null;
    if (mode === "create") navigate(sent ? `/admin/edit-post/${sent}` : "/admin/all-posts");
  });

  function onCategoryChange(slug: string) {
    setCategory(slug);
    const name = categories.find((item) => item.slug === slug)?.name;
    if (!types.some((item) => item.slug === type && item.category === name)) setType("");
  }

  const oneSubmitAtATime = useOneSubmitAtATime();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    if (form.getAll("image").length > 0) {
      oneSubmitAtATime(event);
      return;
    }
    event.preventDefault();
    // docs/product.md#8-validation-and-messages: the edit screen shows it as an info message.
    if (mode === "edit") toast.info(MESSAGES.addImage);
    else toast.error(MESSAGES.addImage);
  }

  return (
    <div>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-bold text-ink">{heading}</h1>
          {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
        </div>
        {viewHref ? (
          <Link
            to={viewHref}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            View post
          </Link>
        ) : null}
      </header>

      <Form method="post" onSubmit={onSubmit} className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_17rem]">
        {version === undefined ? <IdempotencyKeyField /> : <EditConflictPanel version={version} />}
        <UnsavedChangesGuard />
        <div className="min-w-0 space-y-6">
          <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
            <Field
              kind="text"
              id={ids.title}
              name="title"
              label="Title"
              defaultValue={initial.title}
              maxLength={200}
              placeholder="A headline that tells the story"
              className="font-serif text-lg"
            />
            <SlugField initialSlug={initial.slug} titleId={ids.title} follow={mode === "create"} />
            <Field
              kind="url"
              id={ids.link}
              name="link"
              label="Link"
              inputMode="url"
              defaultValue={initial.link}
              placeholder="https://… (optional: source or video)"
              hint="Optional. A URL starting with http:// or https://."
            />
          </div>

          <ImageUploader
            initialImages={initial.image}
            initialAlts={initial.imageAlt}
            describe
            accept={POST_IMAGE_UPLOAD.mimeTypes}
          />

          <RichTextField initialContent={initial.content} />

          {mode === "edit" ? (
            <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
              <Field
                kind="textarea"
                id={ids.correction}
                name="correction"
                label="Correction note"
                rows={3}
                maxLength={CORRECTION_MAX_LENGTH}
                defaultValue={initial.correction}
                hint="Shown under the article with today's date when it changes. Leave empty for none."
              />
            </div>
          ) : null}

          <SeoFields kind="post" initial={initial} address={viewHref ?? ""} />
        </div>

        <aside className="space-y-4 xl:sticky xl:top-20 xl:self-start">
          <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
            <h2 className="text-sm font-semibold text-gray-800">Publish</h2>
            {mode === "edit" ? (
              <p className="mt-1 text-sm text-gray-600">
                Status: <PublicationStatus values={initial} timeZone={timeZone} />
              </p>
            ) : (
              <p className="mt-1 text-sm text-gray-600">Drafts are seen by editors only.</p>
            )}
            <div className="mt-4 flex flex-col gap-2">
              <Button
                type="submit"
                name="intent"
                value="publish"
                disabled={submitting}
                busy={submittingIntent === "publish"}
                icon={Send}
              >
                {PUBLISH_LABELS[deliveryChoice]}
              </Button>
              <Button
                type="submit"
                variant="secondary"
                name="intent"
                value="draft"
                disabled={submitting}
                busy={submittingIntent === "draft"}
                icon={Save}
              >
                {initial.scheduledAt ? "Unschedule (keep as draft)" : "Save as draft"}
              </Button>
              <Autosave postId={postId} />
            </div>
            <div className="mt-4 border-t border-gray-200 pt-4">
              <Field
                kind="datetime-local"
                id={ids.scheduleAt}
                name="scheduleAt"
                label="Publish date and time"
                defaultValue={initial.scheduledAt ? toZonedInputValue(initial.scheduledAt, timeZone) : ""}
                hint={`In the site's time zone, ${timeZone}. The post goes live on its own at that minute.`}
              />
              <Button
                type="submit"
                variant="secondary"
                name="intent"
                value="schedule"
                disabled={submitting}
                busy={submittingIntent === "schedule"}
                icon={CalendarClock}
                className="mt-2 w-full"
              >
                Schedule
              </Button>
            </div>
            {delivery ? (
              <DeliveryChoice
                data={delivery}
                postId={postId}
                category={categories.find((item) => item.slug === category)}
                delivery={deliveryChoice}
                onDeliveryChange={setDeliveryChoice}
                timeZone={timeZone}
              />
            ) : null}
          </div>

          <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
            <Field
              kind="select"
              id={ids.category}
              name="category"
              label="Category"
              value={category}
              onChange={(event) => onCategoryChange(event.target.value)}
              options={[
                { value: "", label: "Select a category" },
                ...categories.map((item) => ({ value: item.slug, label: item.name })),
              ]}
            />
            <Field
              kind="select"
              id={ids.type}
              name="type"
              label="Type"
              value={type}
              onChange={(event) => setType(event.target.value)}
              disabled={!categoryName}
              hint={categoryName ? `Types of ${categoryName}.` : "Choose a category first."}
              options={[
                { value: "", label: categoryTypes.length > 0 ? "No type" : "No type for this category" },
                ...categoryTypes.map((item) => ({ value: item.slug, label: item.name })),
              ]}
            />
            <TagInput initialTags={initial.tags} />
          </div>
          <AuthorsField initial={bylines} />
        </aside>
      </Form>
    </div>
  );
}

/** Published, Draft, or Scheduled with its time in the site's zone. */
export function PublicationStatus({
  values,
  timeZone,
}: {
  values: { isPublished: boolean; scheduledAt: string | null };
  timeZone: string;
}) {
  if (values.isPublished) {
    return (
      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Published</span>
    );
  }
  if (values.scheduledAt) {
    return (
      <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900">
        Scheduled for {formatZonedTime(values.scheduledAt, timeZone)}
      </span>
    );
  }
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span>;
}
