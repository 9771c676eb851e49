import { IMAGE_ALT_MAX_LENGTH, MAX_IMAGES_PER_BATCH, MAX_IMAGES_PER_POST, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { ArrowLeft, ArrowRight, CloudUpload, ImageUp, Trash2, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useToast } from "../toaster";
import { Button } from "../ui";
import { MediaLibraryPicker } from "./media-library-picker";
import { uploadToMedia } from "./media-upload";

/*
 * The image uploader of docs/product.md#5-admin-screens: the chosen files are listed before upload, at most 5 per
 * batch ("You can't upload more than 5 images! Please remove {n} of them."), Upload sends
 * them one by one to /api/media showing "Uploading {n} of {total}", then clears. The
 * post's images appear as thumbnails to reorder or remove; the list goes to the form as
 * hidden `image` inputs, in order (the first image leads the post), each with its description
 * (alt text) as `imageAlt` when the form asks for descriptions.
 */

const TYPE_NAMES: Record<string, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/jpg": "JPG",
  "image/gif": "GIF",
  "image/webp": "WebP",
};

export function tooManyInBatch(selected: number): string {
  return `You can't upload more than ${MAX_IMAGES_PER_BATCH} images! Please remove ${selected - MAX_IMAGES_PER_BATCH} of them.`;
}

interface Current {
  src: string;
  alt: string;
}

interface Chosen {
  id: number;
  file: File;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export function ImageUploader({
  initialImages = [],
  initialAlts = [],
  describe = false,
  accept,
  name = "image",
  max = MAX_IMAGES_PER_POST,
  label = "Images",
}: {
  initialImages?: string[];
  /** The images' descriptions, by position. */
  initialAlts?: string[];
  /** Asks for each image's description (alt text), sent as `imageAlt` inputs. */
  describe?: boolean;
  /** MIME types the picker offers and the uploader accepts. */
  accept: readonly string[];
  name?: string;
  max?: number;
  label?: string;
}) {
  const toast = useToast();
  // A field that holds one image (a logo, a favicon) is described as one, not as a batch.
  const single = max === 1;
  const inputId = useId();
  const headingId = useId();
  const [images, setImages] = useState<Current[]>(() =>
    initialImages.map((src, index) => ({ src, alt: initialAlts[index] ?? "" })),
  );
  const [selection, setSelection] = useState<Chosen[]>([]);
  const nextId = useRef(1);
  const selected = useMemo(() => selection.map((item) => item.file), [selection]);
  const [progress, setProgress] = useState<{ current: number; total: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  const typeNames = useMemo(() => [...new Set(accept.map((type) => TYPE_NAMES[type] ?? type))], [accept]);
  const acceptLabel = typeNames.join(", ");
  const previews = useMemo(
    () => selected.map((file) => (typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : "")),
    [selected],
  );
  useEffect(
    () => () => {
      for (const url of previews) if (url) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const wrongType = selected.filter((file) => !accept.includes(file.type));
  const room = max - images.length;
  let problem: string | null = null;
  if (selected.length > MAX_IMAGES_PER_BATCH) problem = tooManyInBatch(selected.length);
  else if (wrongType.length > 0)
    problem = `${wrongType.map((file) => file.name).join(", ")}: only ${acceptLabel} images can be uploaded.`;
  else if (selected.length > room)
    problem = `At most ${max} images in total: please remove ${selected.length - Math.max(room, 0)} of them.`;
  const uploading = progress !== null;

  function choose(files: FileList | null) {
    setSelection(Array.from(files ?? [], (file) => ({ id: nextId.current++, file })));
  }

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    choose(event.currentTarget.files);
    // Cleared so choosing the same file again is seen; the list below shows the selection.
    event.currentTarget.value = "";
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files);
  }

  async function upload() {
    if (problem || selected.length === 0 || uploading) return;
    const files = selected;
    for (const [index, file] of files.entries()) {
      setProgress({ current: index + 1, total: files.length });
      const result = await uploadToMedia(file);
      if (!result.ok) {
        setProgress(null);
        setSelection((items) => items.slice(index));
        toast.error(result.message);
        return;
      }
      // The same bytes give the same URL: an image is listed once.
      setImages((list) =>
        list.some((item) => item.src === result.url) ? list : [...list, { src: result.url, alt: "" }],
      );
    }
    setProgress(null);
    setSelection([]);
    toast.success(SUCCESS_MESSAGES.imageUploaded);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-gray-800">
          {label}
        </h2>
        <p className="text-xs text-gray-600">
          {single
            ? `${images.length ? "One image set" : "No image yet"} · ${acceptLabel} · one image`
            : `${images.length} of ${max} · ${acceptLabel} · up to ${MAX_IMAGES_PER_BATCH} at a time`}
        </p>
      </div>

      {images.length > 0 ? (
        <ol
          aria-label="Current images"
          className={`mt-3 grid gap-3 ${describe ? "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"}`}
        >
          {images.map(({ src, alt }, index) => {
            const number = index + 1;
            return (
              <li key={src} className="group relative overflow-hidden rounded-md border border-gray-200 bg-gray-50">
                <img
                  src={src}
                  alt={alt || `Item ${number} of ${images.length}`}
                  className="aspect-[4/3] w-full object-cover"
                />
                {index === 0 ? (
                  <span className="absolute left-1.5 top-1.5 rounded bg-ink/85 px-1.5 py-0.5 text-[11px] font-semibold text-white">
                    Cover
                  </span>
                ) : null}
                <div className="flex items-center justify-between gap-1 border-t border-gray-200 bg-white px-1.5 py-1">
                  <div className="flex gap-1">
                    <button
                      type="button"
                      aria-label={`Move image ${number} left`}
                      title="Move left"
                      disabled={index === 0}
                      onClick={() => setImages((list) => move(list, index, index - 1))}
                      className="inline-flex h-7 w-7 items-center justify-center rounded text-gray-700 hover:bg-gray-100 disabled:opacity-30"
                    >
                      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      aria-label={`Move image ${number} right`}
                      title="Move right"
                      disabled={index === images.length - 1}
                      onClick={() => setImages((list) => move(list, index, index + 1))}
                      className="inline-flex h-7 w-7 items-center justify-center rounded text-gray-700 hover:bg-gray-100 disabled:opacity-30"
                    >
                      <ArrowRight aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </div>
                  <button
                    type="button"
                    aria-label={`Remove image ${number}`}
                    title="Remove"
                    onClick={() => setImages((list) => list.filter((_, at) => at !== index))}
                    className="inline-flex h-7 w-7 items-center justify-center rounded text-red-700 hover:bg-red-50"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </button>
                </div>
                <input type="hidden" name={name} value={src} />
                {describe ? (
                  <label className="block border-t border-gray-200 bg-white px-1.5 py-1.5">
                    <span className="block text-[11px] font-semibold text-gray-700">
                      Image {number} caption <span className="font-normal">(and alt text)</span>
                    </span>
                    <textarea
                      name="imageAlt"
                      value={alt}
                      maxLength={IMAGE_ALT_MAX_LENGTH}
                      rows={2}
                      placeholder="What the image shows"
                      onChange={(event) => {
                        const text = event.target.value;
                        setImages((list) => list.map((item, at) => (at === index ? { ...item, alt: text } : item)));
                      }}
                      className="mt-0.5 block w-full resize-y rounded border border-gray-300 px-1.5 py-1 text-xs text-ink focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600"
                    />
                  </label>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="mt-3 rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-600">No image yet.</p>
      )}

      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-4 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors focus-within:border-brand-600 ${
          dragging ? "border-brand-600 bg-brand-50" : "border-gray-300 bg-gray-50 hover:border-gray-400"
        }`}
      >
        <CloudUpload aria-hidden="true" className="h-6 w-6 text-gray-500" />
        <span className="text-sm font-semibold text-ink">{single ? "Choose an image" : "Choose images"}</span>
        <span className="text-xs text-gray-600">{single ? "or drop it here" : "or drop them here"}</span>
        <input
          id={inputId}
          type="file"
          multiple={!single}
          accept={accept.join(",")}
          disabled={uploading}
          onChange={onInput}
          className="sr-only"
        />
      </label>

      {selected.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-gray-600">Selected files</h3>
          <ul aria-label="Selected files" className="mt-1.5 divide-y divide-gray-100 rounded-md border border-gray-200">
            {selection.map(({ id, file }, index) => (
              <li key={id} className="flex items-center gap-3 px-3 py-2 text-sm">
                {previews[index] ? (
                  <img src={previews[index]} alt="" className="h-9 w-12 shrink-0 rounded object-cover" />
                ) : (
                  <ImageUp aria-hidden="true" className="h-5 w-5 shrink-0 text-gray-500" />
                )}
                <span className="min-w-0 flex-1 truncate text-ink">{file.name}</span>
                <span className="shrink-0 text-xs text-gray-600">{formatSize(file.size)}</span>
                <button
                  type="button"
                  aria-label={`Remove ${file.name} from the selection`}
                  disabled={uploading}
                  onClick={() => setSelection((items) => items.filter((item) => item.id !== id))}
                  className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded text-gray-600 hover:bg-gray-100 hover:text-ink disabled:opacity-40"
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {problem ? (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}

      <div className="mt-3 flex items-center gap-3">
        <Button
          variant="dark"
          size="md"
          icon={CloudUpload}
          busy={uploading}
          disabled={selected.length === 0 || problem !== null}
          onClick={upload}
        >
          {progress ? `Uploading ${progress.current} of ${progress.total}` : "Upload"}
        </Button>
        <MediaLibraryPicker
          onPick={(image) =>
            // A field of one image takes the new one in place of the old; the library's alt text comes along.
            setImages((list) =>
              list.some((item) => item.src === image.url)
                ? list
                : [...(single ? [] : list), { src: image.url, alt: image.alt }].slice(0, max),
            )
          }
        />
        {selected.length > 0 && !uploading ? (
          <span className="text-xs text-gray-600">
            {selected.length} {selected.length === 1 ? "file" : "files"} ready
          </span>
        ) : null}
      </div>
    </section>
  );
}
