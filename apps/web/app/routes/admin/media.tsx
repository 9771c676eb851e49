import {
  formatZonedTime,
  MEDIA_LIBRARY_MESSAGES,
  MEDIA_PAGE_SIZE,
  MEDIA_TEXT_MAX,
  type MediaItem,
  mediaApi,
} from "@broadsheet/domain";
import { ImageOff, Save, Search } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { DeleteAction } from "../../components/admin/delete-action";
import { Button, EmptyState, Field, Pager } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../lib/api.server";
import { apiAction, fail } from "../../lib/forms/answer.server";
import { formText } from "../../lib/forms/form-data";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { listHref, pageParam, pastLastPage } from "../../lib/paging";
import { useSite } from "../../lib/site";
import type { Route } from "./+types/media";

/*
 * Admin → Media (docs/product/media-library.md): every stored image with where it is used, its
 * alt text and caption (set once, offered wherever it is inserted), and deletion that names the
 * places still using it. Works without scripts.
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Media");

type Used = "" | "used" | "unused";
interface Filters {
  q: string;
  used: Used;
}

const mediaHref = (filters: Filters, page: number) => listHref("/admin/media", { ...filters, page });

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const used = params.get("used") ?? "";
  const filters: Filters = {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    used: used === "used" || used === "unused" ? used : "",
  };
  const page = pageParam(params);
  const images = await callApi(context, mediaApi.list, { query: { ...filters, page, limit: MEDIA_PAGE_SIZE } });
  if (!images.ok) throw data(errorMessage(images), { status: images.status });
  const last = pastLastPage(page, images.data);
  if (last) throw redirect(mediaHref(filters, last));
  return { filters, images: images.data };
}

/** Alt text and caption, as the card's form sent them. */
function describeImage(context: Route.ActionArgs["context"], form: FormData) {
  const body = { alt: formText(form, "alt"), caption: formText(form, "caption") };
  return apiAction(
    context,
    "describe",
    mediaApi.update,
    { params: { id: formText(form, "id") }, body },
    { success: MEDIA_LIBRARY_MESSAGES.saved },
  );
}

/** The card sends force=true only after its question named the places still using the image. */
function deleteImage(context: Route.ActionArgs["context"], form: FormData) {
  const force = formText(form, "force") === "true" ? "true" : "";
  return apiAction(
    context,
    "delete",
    mediaApi.remove,
    { params: { id: formText(form, "id") }, query: { force } },
    { success: MEDIA_LIBRARY_MESSAGES.deleted },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "describe") return describeImage(context, form);
  if (intent === "delete") return deleteImage(context, form);
  return fail({ message: "Unknown action" });
}

/** A demo image can be in hundreds of posts: the card names the first few. */
const SHOWN_USES = 5;

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function MediaCard({ image, number, timeZone }: { image: MediaItem; number: number; timeZone: string }) {
  const name = image.alt || `Image ${number}`;
  return (
    <li className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-xs">
      <article aria-label={name}>
        <img
          src={image.thumbnailUrl}
          alt={image.alt}
          width={320}
          height={Math.round((320 * image.height) / Math.max(1, image.width))}
          loading="lazy"
          className="aspect-[4/3] w-full bg-gray-100 object-contain"
        />
        <div className="space-y-3 p-3 text-sm">
          <p className="text-xs text-gray-600">
            {image.width} × {image.height} · {formatBytes(image.size)} · {image.uploadedBy?.name ?? "Unknown uploader"}{" "}
            · {formatZonedTime(image.createdAt, timeZone)}
          </p>
          <div>
            <p className="text-xs font-semibold text-gray-700">Used in</p>
            {image.usedIn.length ? (
              <ul className="mt-0.5 list-inside list-disc text-xs">
                {image.usedIn.slice(0, SHOWN_USES).map((use) => (
                  <li key={`${use.kind}-${use.id}`}>
                    <Link to={use.url} className="text-brand-700 hover:underline">
                      {use.title}
                    </Link>{" "}
                    <span className="text-gray-600">({use.kind})</span>
                  </li>
                ))}
                {image.usedIn.length > SHOWN_USES ? (
                  <li className="text-gray-600">and {image.usedIn.length - SHOWN_USES} more</li>
                ) : null}
              </ul>
            ) : (
              <p className="text-xs text-gray-600">Not used anywhere</p>
            )}
          </div>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="describe" />
            <input type="hidden" name="id" value={image.id} />
            <Field
              kind="text"
              id={`media-alt-${image.id}`}
              name="alt"
              label="Alt text"
              maxLength={MEDIA_TEXT_MAX.alt}
              defaultValue={image.alt}
              hint="What the image shows, for readers who cannot see it."
            />
            <Field
              kind="text"
              id={`media-caption-${image.id}`}
              name="caption"
              label="Caption"
              maxLength={MEDIA_TEXT_MAX.caption}
              defaultValue={image.caption}
            />
            <div className="flex items-center justify-between gap-2">
              <Button type="submit" variant="outline" icon={Save} aria-label={`Save details of ${name}`}>
                Save
              </Button>
              <DeleteAction
                question="Delete this image?"
                label={`Delete ${name}`}
                detail={
                  image.usedIn.length ? (
                    <>
                      It is still used in {image.usedIn.map((use) => use.title).join(", ")}: the image will be missing
                      there.
                    </>
                  ) : (
                    <>It is not used anywhere.</>
                  )
                }
                fields={{ intent: "delete", id: image.id, force: image.usedIn.length ? "true" : "" }}
              />
            </div>
          </Form>
        </div>
      </article>
    </li>
  );
}

export default function MediaScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, images } = loaderData;
  const timeZone = useSite()?.timeZone ?? "UTC";
  useResultToast(actionData);
  const first = (images.page - 1) * images.limit;
  return (
    <>
      <AdminPageHeader
        title="Media"
        description="Every uploaded image, where it is used, and its alt text and caption for wherever it goes next."
      />
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-[14rem] flex-1">
          <Field
            kind="text"
            id="media-search"
            name="q"
            label="Search images"
            placeholder="Alt text, caption or uploader"
            defaultValue={filters.q}
            key={`q-${filters.q}`}
          />
        </div>
        <Field
          kind="select"
          id="media-used"
          name="used"
          label="Show"
          defaultValue={filters.used}
          key={`used-${filters.used}`}
          options={[
            { value: "", label: "All images" },
            { value: "used", label: "In use" },
            { value: "unused", label: "Not used" },
          ]}
        />
        <Button type="submit" variant="outline" icon={Search}>
          Filter
        </Button>
      </Form>
      <p className="mb-3 text-sm text-gray-600">
        {images.total} {images.total === 1 ? "image" : "images"}, newest first
      </p>
      {images.items.length ? (
        <ul aria-label="Images" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {images.items.map((image, index) => (
            <MediaCard key={image.id} image={image} number={first + index + 1} timeZone={timeZone} />
          ))}
        </ul>
      ) : (
        <EmptyState icon={<ImageOff className="h-8 w-8 text-gray-400" />}>
          {filters.q || filters.used ? "No image matches." : "No image uploaded yet."}
        </EmptyState>
      )}
      <Pager
        page={images.page}
        total={images.total}
        limit={images.limit}
        hrefFor={(number) => mediaHref(filters, number)}
      />
    </>
  );
}
