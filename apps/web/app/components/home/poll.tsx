import { CheckCircle2, LoaderCircle, Vote } from "lucide-react";
import type { MouseEvent } from "react";
import { useFetcher, useNavigate } from "react-router";
import { ENHANCED_FORM } from "../../lib/document/enhanced-forms";
import { useResultToast } from "../../lib/forms/use-result-toast";
import { useOwnMarks, useSessionUser } from "../../lib/session-user";
import { type HomeActionResult, LOGIN_FROM_HOME, type Loaded, type Poll } from "./home-data";
import { BlockNotice, SectionHeading } from "./parts";

const OPTIONS = [
  { value: 1, key: "optionOne" },
  { value: 2, key: "optionTwo" },
  { value: 3, key: "optionThree" },
] as const;

function percent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

function PollResults({ poll, myVote }: { poll: Poll; myVote: Poll["myVote"] }) {
  return (
    <div data-poll-results="">
      <h3 className="font-serif text-lg font-bold leading-snug text-ink">{poll.title}</h3>
      <ul className="mt-3 flex flex-col gap-3">
        {OPTIONS.map((option) => {
          const count = poll.counts[option.key];
          const share = percent(count, poll.totalVotes);
          const mine = myVote === option.value;
          return (
            <li key={option.key}>
              <p className="flex items-baseline justify-between gap-2 text-sm">
                <span className={`inline-flex items-center gap-1 ${mine ? "font-bold text-ink" : "text-gray-800"}`}>
                  {poll[option.key]}
                  {mine ? (
                    <>
                      <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-brand-700" />
                      <span className="sr-only">(your vote)</span>
                    </>
                  ) : null}
                </span>
                <span className="font-semibold tabular-nums text-ink">{share}%</span>
              </p>
              <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-gray-200">
                <div
                  className={`h-full rounded-full ${mine ? "bg-brand-600" : "bg-gray-500"}`}
                  style={{ width: `${share}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-xs text-gray-600">
        Total votes: <span className="font-semibold text-ink">{poll.totalVotes}</span>
      </p>
    </div>
  );
}

/**
 * The reader poll: three radio options and a Vote button (PUT /api/votes/vote/{id} through
 * the home action). Once the reader has voted, the results as bars with percentages.
 */
export function PollBlock({ poll }: { poll: Loaded<Poll | null> }) {
  const user = useSessionUser();
  const marks = useOwnMarks();
  const navigate = useNavigate();
  const fetcher = useFetcher<HomeActionResult>();
  const result = fetcher.data?.intent === "vote" ? fetcher.data : undefined;
  const current = (result?.ok ? result.poll : undefined) ?? (poll.ok ? poll.data : null);
  const myVote = current ? marks.vote(current) : null;
  const busy = fetcher.state !== "idle";
  useResultToast(result);

  const onVoteClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (user) return;
    event.preventDefault();
    navigate(LOGIN_FROM_HOME);
  };

  return (
    <section id="poll" aria-labelledby="poll-heading" className="below-the-fold min-w-0 [--unshown-height:360px]">
      <SectionHeading id="poll-heading">Reader poll</SectionHeading>
      {!poll.ok ? (
        <BlockNotice>Error loading the poll!</BlockNotice>
      ) : !current ? (
        <BlockNotice>No poll is open right now.</BlockNotice>
      ) : myVote !== null ? (
        <PollResults poll={current} myVote={myVote} />
      ) : (
        <fetcher.Form
          method="post"
          action="/?index"
          className="rounded-lg border border-gray-200 bg-gray-50 p-4"
          {...ENHANCED_FORM}
        >
          <input type="hidden" name="intent" value="vote" />
          <input type="hidden" name="pollId" value={current._id} />
          <fieldset>
            <legend className="font-serif text-lg font-bold leading-snug text-ink">{current.title}</legend>
            <div className="mt-3 flex flex-col gap-2">
              {OPTIONS.map((option) => (
                <label
                  key={option.key}
                  className="flex cursor-pointer items-center gap-3 rounded border border-gray-200 bg-white px-3 py-2 text-sm transition hover:border-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="option"
                    value={option.value}
                    required
                    className="h-4 w-4 accent-brand-600"
                  />
                  {current[option.key]}
                </label>
              ))}
            </div>
          </fieldset>
          <button
            type="submit"
            onClick={onVoteClick}
            disabled={busy}
            className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded bg-brand-600 px-4 py-2 text-sm font-bold text-white transition hover:bg-brand-700 disabled:cursor-wait disabled:opacity-80"
          >
            {busy ? (
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
            ) : (
              <Vote aria-hidden="true" className="h-4 w-4" />
            )}
            Vote
          </button>
          <p className="mt-2 text-center text-xs text-gray-600">
            {current.totalVotes} {current.totalVotes === 1 ? "vote" : "votes"} so far
          </p>
        </fetcher.Form>
      )}
    </section>
  );
}
