import type { PollJson } from "@broadsheet/domain";
import { formatLongDate, POLL_PAGE_SIZE, pollsApi } from "@broadsheet/domain";
import { ListChecks, Plus } from "lucide-react";
import { data, redirect } from "react-router";
import { AdminPageHeader } from "../../../components/admin/admin-page-header";
import { MeterBar, percentOf } from "../../../components/admin/dashboard/meter-bar";
import { DeleteAction } from "../../../components/admin/delete-action";
import { ButtonLink, EmptyState, Pager } from "../../../components/ui";
import { adminMeta } from "../../../lib/admin/admin-meta";
import { callApi, errorMessage } from "../../../lib/api.server";
import { apiAction } from "../../../lib/forms/answer.server";
import { formText } from "../../../lib/forms/form-data";
import { pageParam } from "../../../lib/paging";
import type { Route } from "./+types/all-polls";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "All Votes");

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(new URL(request.url).searchParams);
  const result = await callApi(context, pollsApi.list, { query: { page, limit: POLL_PAGE_SIZE } });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  // Past the end (e.g. the last poll of the last page was deleted): show the last page.
  const last = Math.max(1, Math.ceil(result.data.total / result.data.limit));
  if (result.data.items.length === 0 && page > last) throw redirect(`/admin/all-votes?page=${last}`);
  return result.data;
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const id = formText(form, "id");
  // The API answers "Vote deleted successfully" (docs/product.md#8-validation-and-messages).
  return apiAction(context, "delete", pollsApi.remove, { params: { id } });
}

const OPTION_KEYS = ["optionOne", "optionTwo", "optionThree"] as const;

function votes(count: number): string {
  return `${count} ${count === 1 ? "vote" : "votes"}`;
}

function PollCard({ poll }: { poll: PollJson }) {
  const headingId = `poll-${poll._id}`;
  const top = Math.max(...OPTION_KEYS.map((key) => poll.counts[key]));
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-xs"
      >
        <header className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="font-serif text-lg font-bold leading-snug text-ink">
              {poll.title}
            </h2>
            <p className="mt-1 text-xs text-gray-600">
              Created <time dateTime={poll.createdAt}>{formatLongDate(poll.createdAt)}</time>
            </p>
          </div>
          <DeleteAction
            question="Are you sure to delete?"
            detail={<>The poll “{poll.title}” and its votes will be removed.</>}
            label={`Delete poll ${poll.title}`}
            fields={{ id: poll._id }}
          />
        </header>
        <ul aria-label="Results" className="mt-4 flex-1 space-y-3">
          {OPTION_KEYS.map((key) => {
            const count = poll.counts[key];
            const percent = percentOf(count, poll.totalVotes);
            return (
              <li key={key}>
                <MeterBar
                  label={poll[key]}
                  value={`${votes(count)} · ${percent}%`}
                  percent={percent}
                  srText={`${poll[key]}: ${votes(count)}, ${percent}%`}
                  highlight={count > 0 && count === top}
                />
              </li>
            );
          })}
        </ul>
        <p className="mt-4 border-t border-gray-200 pt-3 text-sm font-semibold text-ink">
          Total: {votes(poll.totalVotes)}
        </p>
      </article>
    </li>
  );
}

export default function AllPollsScreen({ loaderData }: Route.ComponentProps) {
  const { items, total, page, limit } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="All Votes"
        description={`${total} ${total === 1 ? "poll" : "polls"}, newest first.`}
        actions={
          <ButtonLink to="/admin/add-vote" size="md" icon={Plus}>
            Add Vote
          </ButtonLink>
        }
      />
      {items.length === 0 ? (
        <EmptyState icon={<ListChecks className="h-8 w-8 text-gray-400" />}>No vote found...</EmptyState>
      ) : (
        <ul aria-label="Polls" className="grid gap-5 md:grid-cols-2">
          {items.map((poll) => (
            <PollCard key={poll._id} poll={poll} />
          ))}
        </ul>
      )}
      <Pager page={page} total={total} limit={limit} hrefFor={(number) => `/admin/all-votes?page=${number}`} />
    </>
  );
}
