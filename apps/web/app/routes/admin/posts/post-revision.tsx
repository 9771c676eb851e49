import { formatZonedTime, postsApi, REVISION_MESSAGES, revisionsApi } from "@broadsheet/domain";
import { ArrowLeft, RotateCcw } from "lucide-react";
import { data, Form, useNavigate, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../../components/admin/admin-page-header";
import { Button, ButtonLink } from "../../../components/ui";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { articleDiff, type DiffPart, wordDiff } from "../../../lib/admin/text-diff.server";
import { callApi, errorMessage } from "../../../lib/api.server";
import { apiAction } from "../../../lib/forms/answer.server";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import { useSite } from "../../../lib/site";
import type { Route } from "./+types/post-revision";

/*
 * One revision of a post against its current version (issue 15): what changed in the title,
 * the text and the other fields, and a button to restore it (saved as a new revision).
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Revision");

export async function loader({ context, params }: Route.LoaderArgs) {
  const [post, revision] = await Promise.all([
    callApi(context, postsApi.get, { params: { id: params.id } }),
    callApi(context, revisionsApi.get, { params: { id: params.id, revisionId: params.revisionId } }),
  ]);
  if (post.status === 404 || revision.status === 404) throw data(null, { status: 404 });
  if (!post.ok) throw data(errorMessage(post), { status: post.status });
  if (!revision.ok) throw data(errorMessage(revision), { status: revision.status });
  const current = post.data;
  const old = revision.data;
  const fields = [
    { label: "Category", before: old.category, after: current.category },
    { label: "Type", before: old.type || "None", after: current.type || "None" },
    { label: "Link", before: old.link || "None", after: current.link || "None" },
    { label: "Images", before: old.image.join("\n"), after: current.image.join("\n") },
  ];
  return {
    postId: current._id,
    revision: { _id: old._id, createdAt: old.createdAt, author: old.author },
    title: wordDiff(old.title, current.title),
    text: articleDiff(old.content, current.content),
    fields: fields.map((field) => ({ ...field, changed: field.before !== field.after })),
  };
}

export async function action({ context, params }: Route.ActionArgs) {
  return apiAction(
    context,
    "restore",
    revisionsApi.restore,
    { params: { id: params.id, revisionId: params.revisionId } },
    { success: REVISION_MESSAGES.restored },
  );
}

/** Words removed since the revision struck through, words added since underlined. */
function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.change === "removed" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <del key={index} className="bg-red-100 text-red-900 decoration-red-700">
            {part.text}
          </del>
        ) : part.change === "added" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <ins key={index} className="bg-green-100 text-green-900 no-underline">
            {part.text}
          </ins>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

export default function PostRevisionScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { postId, revision, title, text, fields } = loaderData;
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const timeZone = useSite()?.timeZone ?? "UTC";
  const editHref = `/admin/edit-post/${postId}`;
  useResultToast(actionData, () => navigate(editHref));
  const unchanged = !title.some((part) => part.change !== "same") && !text.some((part) => part.change !== "same");

  return (
    <>
      <AdminPageHeader
        title="Revision"
        description={`Saved by ${revision.author}, ${formatZonedTime(revision.createdAt, timeZone)}, compared with the current version.`}
        actions={
          <ButtonLink to={editHref} variant="outline" size="md" icon={ArrowLeft}>
            Back to the post
          </ButtonLink>
        }
      />
      <p className="mb-4 text-sm text-gray-600">
        <del className="bg-red-100 text-red-900">Struck through</del>: only in this revision.{" "}
        <ins className="bg-green-100 text-green-900 no-underline">Highlighted</ins>: only in the current version.
      </p>
      <div className="space-y-6">
        <AdminPanel id="revision-title" title="Title">
          <p className="font-serif text-xl text-ink">
            <Diff parts={title} />
          </p>
        </AdminPanel>
        <AdminPanel id="revision-text" title="Text">
          {unchanged ? <p className="mb-2 text-sm text-gray-600">No change in the title or the words.</p> : null}
          <p className="leading-relaxed text-ink">
            <Diff parts={text} />
          </p>
        </AdminPanel>
        <AdminPanel id="revision-fields" title="Other fields">
          <dl className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            {fields.map((field) => (
              <div key={field.label} className="contents">
                <dt className="text-sm font-semibold text-gray-700">{field.label}</dt>
                <dd className="whitespace-pre-line break-all text-sm">
                  {field.changed ? (
                    <>
                      <del className="bg-red-100 text-red-900">{field.before}</del>{" "}
                      <ins className="bg-green-100 text-green-900 no-underline">{field.after}</ins>
                    </>
                  ) : (
                    field.after
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </AdminPanel>
        <Form method="post" className="flex justify-end">
          <Button type="submit" busy={busy} icon={RotateCcw}>
            Restore this revision
          </Button>
        </Form>
      </div>
    </>
  );
}
