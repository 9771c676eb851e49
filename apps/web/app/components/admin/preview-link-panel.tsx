import { Copy, Eye, Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/forms/action-result";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { useToast } from "../toaster";
import { Button } from "../ui";

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
          <Button variant="secondary" size="sm" icon={Copy} onClick={() => void copy(url)}>
            Copy
          </Button>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <Button
            type="submit"
            variant="dark"
            size="sm"
            name="intent"
            value="previewLink"
            disabled={busy}
            busy={busy && intent === "previewLink"}
            icon={Eye}
          >
            {url ? "Make a new preview link" : "Create preview link"}
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <Button
            type="submit"
            variant="danger"
            size="sm"
            name="intent"
            value="revokePreview"
            disabled={busy}
            icon={Trash2}
          >
            Revoke preview link
          </Button>
        </fetcher.Form>
      </div>
    </section>
  );
}
