import { type MediaItem, mediaApi } from "@broadsheet/domain";
import { Images, Search } from "lucide-react";
import { useId, useRef, useState } from "react";
import { fetchEndpoint } from "../../lib/api-client";
import { Button, type ButtonSize } from "../ui";

/**
 * "Choose from library" (docs/product/media-library.md): a modal <dialog> listing the stored
 * images, searchable; choosing one hands it over with the alt text and caption set in Admin → Media.
 * `size` matches the button to its neighbours (an image field's Upload, a rich-text panel's buttons).
 */
export function MediaLibraryPicker({ onPick, size = "md" }: { onPick: (image: MediaItem) => void; size?: ButtonSize }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const [images, setImages] = useState<MediaItem[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function load(q: string) {
    setProblem(null);
    const result = await fetchEndpoint(mediaApi.list, { query: { q, page: 1, limit: 24 } }).catch(() => null);
    if (!result?.ok) {
      setProblem("Could not load the library. Please try again.");
      return;
    }
    setImages(result.data.items);
  }

  function open() {
    dialog.current?.showModal();
    void load(query);
  }

  return (
    <>
      <Button variant="outline" size={size} icon={Images} onClick={open}>
        Choose from library
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        // Its keys are its own: a surrounding panel must not take Enter or Escape as its submit or close.
        onKeyDown={(event) => event.stopPropagation()}
        className="m-auto w-[min(48rem,calc(100%-2rem))] rounded-xl border border-gray-200 p-5 shadow-2xl backdrop:bg-black/50"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="font-serif text-xl font-bold text-ink">
            Media library
          </h2>
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            Close
          </Button>
        </div>
        <div className="mt-3 flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor={searchId} className="block text-sm font-semibold text-ink">
              Search the library
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                // Inside the post form: Enter searches, it must not submit the post.
                if (event.key === "Enter") {
                  event.preventDefault();
                  void load(query);
                }
              }}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
            />
          </div>
          <Button variant="outline" icon={Search} onClick={() => void load(query)}>
            Search
          </Button>
        </div>
        {problem ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        {images === null ? (
          <p className="mt-4 text-sm text-gray-600">Loading the library…</p>
        ) : images.length === 0 ? (
          <p className="mt-4 text-sm text-gray-600">No image found.</p>
        ) : (
          <ul
            aria-label="Library images"
            className="mt-4 grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4"
          >
            {images.map((image, index) => (
              <li key={image.id}>
                <button
                  type="button"
                  aria-label={`Use image: ${image.alt || `image ${index + 1} without alt text`}`}
                  onClick={() => {
                    // Closed first: the dialog gives the focus back, then onPick may move it (into the text).
                    dialog.current?.close();
                    onPick(image);
                  }}
                  className="block w-full overflow-hidden rounded-md border border-gray-200 text-left hover:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
                >
                  <img src={image.thumbnailUrl} alt="" className="aspect-[4/3] w-full bg-gray-100 object-cover" />
                  <span className="block truncate px-1.5 py-1 text-xs text-gray-700">{image.alt || "No alt text"}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </dialog>
    </>
  );
}
