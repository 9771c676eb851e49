import { Eye, Pencil, Trash2 } from "lucide-react";
import { Link, useFetcher, useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/ui";
import type { ActionResult } from "../../../lib/forms/action-result";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import type { PostDetail } from "../../../lib/post-types";

export function StaffActions({ post }: { post: PostDetail }) {
  const remove = useFetcher<ActionResult>();
  const navigate = useNavigate();
  useResultToast(remove.data, () => navigate("/", { replace: true }));

  return (
    <section
      aria-label="Post actions"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm"
    >
      <Link
        to={`/admin/edit-post/${post._id}`}
        className="inline-flex items-center gap-1.5 rounded-md bg-ink px-3 py-1.5 font-semibold text-white hover:bg-gray-800"
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit
      </Link>
      <span className="inline-flex items-center gap-1.5 text-gray-700" data-testid="post-views">
        <Eye aria-hidden="true" className="h-4 w-4" />
        {post.views} {post.views === 1 ? "view" : "views"}
      </span>
      <ConfirmDialog
        question="Are you sure to delete this post?"
        detail={<p>“{post.title}” will be removed for good.</p>}
        busy={remove.state !== "idle"}
        onConfirm={() => {
          // Stays open until the answer: success leaves the page, a failure is toasted.
          remove.submit({ intent: "deletePost" }, { method: "post" });
          return false;
        }}
        trigger={(open) => (
          <button
            type="button"
            onClick={open}
            className="ml-auto inline-flex items-center gap-1.5 rounded-md border border-brand-600 px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-600 hover:text-white"
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </button>
        )}
      />
    </section>
  );
}
