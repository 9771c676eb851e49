import { Copy, Eye, LoaderCircle, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { useToast } from "../toaster";

/*
 * The secret preview link of a draft or scheduled post (issue 15): made (a new one replaces
 * the old), shown once to copy, and revoked. Its own forms, beside the post form.
 */
export type PreviewLinkResult = ActionResult<{ previewUrl?: string }>;

export function PreviewLinkPanel() {
  const fetcher = useFetcher<PreviewLinkResult>();
  const toast = useToast();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const url = fetcher.data?.ok ? fetcher.data.previewUrl : undefined;
  const intent = fetcher.formData?.get("intent");

  async function copy(text: string) {
    await navigator.clipboard?.writeText(text);
    toast.success("Preview link copied");
  }

  return (
    <section
      aria-labelledby="preview-link-heading"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
    >
      <h2 id="preview-link-heading" className="text-sm font-semibold text-gray-800">
        Preview link
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A secret address that shows this post as readers will see it, before it is published. It stops working when the
        post is published or the link is revoked.
      </p>
      {url ? (
        <div className="mt-3 flex gap-2">
          <input
            readOnly
            value={url}
            aria-label="Preview link address"
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-2 py-1.5 text-sm"
          />
          <button
            type="button"
            onClick={() => void copy(url)}
            className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-semibold hover:bg-gray-50"
          >
            <Copy aria-hidden="true" className="h-4 w-4" />
            Copy
          </button>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <button
            type="submit"
            name="intent"
            value="previewLink"
            disabled={busy}
            className="inline-flex items-center gap-1.5 rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white hover:bg-gray-800 disabled:opacity-60"
          >
            {busy && intent === "previewLink" ? (
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
            ) : (
              <Eye aria-hidden="true" className="h-4 w-4" />
            )}
            {url ? "Make a new preview link" : "Create preview link"}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <button
            type="submit"
            name="intent"
            value="revokePreview"
            disabled={busy}
            className="inline-flex items-center gap-1.5 rounded-md border border-red-200 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Revoke preview link
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
