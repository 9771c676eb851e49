import { formatZonedTime, type RevisionSummary } from "@broadsheet/domain";
import { History } from "lucide-react";
import { Link } from "react-router";
import { useSite } from "../../lib/site";

/** The post's revisions and editors' autosaves, newest first, each leading to its comparison with the current version. */
export function RevisionsPanel({ postId, revisions }: { postId: string; revisions: RevisionSummary[] }) {
  const timeZone = useSite()?.timeZone ?? "UTC";
  // An autosave newer than the last save is not what readers see.
  const current = revisions.find((revision) => !revision.autosave);
  return (
    <section aria-labelledby="revisions-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs">
      <h2 id="revisions-heading" className="flex items-center gap-2 text-sm font-semibold text-gray-800">
        <History aria-hidden="true" className="h-4 w-4" />
        Revisions
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No revision yet: the first save keeps one.</p>
      ) : (
        <ol aria-label="Revisions" className="mt-2 divide-y divide-gray-100">
          {revisions.map((revision) => {
            const when = formatZonedTime(revision.createdAt, timeZone);
            return (
              <li key={revision._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium text-ink">{when}</span>{" "}
                  <span className="text-gray-600">
                    by {revision.author}
                    {revision.autosave ? " (autosave)" : revision === current ? " (current)" : ""}
                  </span>
                  <span className="block text-xs text-gray-600">{revision.title}</span>
                </span>
                <Link
                  to={`/admin/edit-post/${postId}/revisions/${revision._id}`}
                  aria-label={`Compare the revision of ${when} with the current version`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Compare
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
