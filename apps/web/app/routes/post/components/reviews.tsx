import { formatRelativeTime, postPath, RATING_MAX } from "@broadsheet/domain";
import { Star } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { IdempotencyKeyField } from "../../../components/admin/editor-safety/idempotency-key-field";
import type { ActionResult } from "../../../lib/forms/action-result";
import { useResultToast } from "../../../lib/forms/use-result-toast";
import type { PostDetail, PostReview } from "../../../lib/post-types";
import type { SessionUser } from "../../../lib/session-user";
import { Avatar } from "./avatar";

const STAR_VALUES = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

function Stars({ value, className = "h-4 w-4" }: { value: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${value} out of ${RATING_MAX}`} className="inline-flex items-center gap-0.5">
      {STAR_VALUES.map((star) => {
        const fill = Math.max(0, Math.min(1, value - (star - 1)));
        return (
          <span key={star} className="relative inline-block">
            <Star aria-hidden="true" className={`${className} text-gray-300`} />
            {fill > 0 ? (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star aria-hidden="true" className={`${className} fill-amber-400 text-amber-500`} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}

export function ReviewsSection({ post, user, now }: { post: PostDetail; user: SessionUser | null; now: Date }) {
  const { reviews } = post;
  const own = user ? reviews.items.find((review) => review.user._id === user._id) : undefined;
  // Owned here, not by the form: the form is remounted when the reader's own review changes.
  const save = useFetcher<ActionResult>();
  const remove = useFetcher<ActionResult>();
  useResultToast(save.data);
  useResultToast(remove.data);
  return (
    <section aria-labelledby="reviews-heading" className="mt-12 border-t border-gray-200 pt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="reviews-heading" className="font-serif text-2xl font-bold text-ink">
          Reviews
        </h2>
        <p className="flex items-center gap-2 text-sm text-gray-700" data-testid="review-summary">
          <Stars value={reviews.average} className="h-5 w-5" />
          <span className="font-semibold text-ink">{reviews.average.toFixed(1)}</span>
          <span>
            ({reviews.count} {reviews.count === 1 ? "review" : "reviews"})
          </span>
        </p>
      </div>

      {user ? (
        <ReviewForm key={own ? `${own._id}-${own.rating}-${own.text}` : "new"} own={own} save={save} remove={remove} />
      ) : (
        <p className="mt-4 text-sm text-gray-700">
          <Link
            to={`/login?redirectTo=${encodeURIComponent(postPath(post.slug))}`}
            className="font-semibold text-brand-700 underline hover:text-brand-600"
          >
            Log in to review
          </Link>{" "}
          this post.
        </p>
      )}

      {reviews.items.length === 0 ? (
        <p className="mt-6 text-gray-600">No reviews yet.</p>
      ) : (
        <ul aria-label="Reviews" className="mt-6 space-y-4">
          {reviews.items.map((review) => (
            <ReviewItem key={review._id} review={review} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewItem({ review, now }: { review: PostReview; now: Date }) {
  return (
    <li className="rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Avatar name={review.user.name || "Anonymous"} />
        <span className="font-semibold text-ink">{review.user.name || "Anonymous"}</span>
        <Stars value={review.rating} />
        <time dateTime={review.createdAt} className="text-gray-600">
          {formatRelativeTime(review.createdAt, now)}
        </time>
      </div>
      {review.text ? <p className="mt-2 whitespace-pre-line break-words text-gray-800">{review.text}</p> : null}
    </li>
  );
}

type ActionFetcher = ReturnType<typeof useFetcher<ActionResult>>;

function ReviewForm({
  own,
  save,
  remove,
}: {
  own: PostReview | undefined;
  save: ActionFetcher;
  remove: ActionFetcher;
}) {
  const [rating, setRating] = useState(own?.rating ?? 0);
  const [hover, setHover] = useState(0);
  const baseId = useId();
  const shown = hover || rating;

  return (
    <div className="mt-5 rounded-lg bg-gray-50 p-5">
      <save.Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="review" />
        <IdempotencyKeyField result={save.data} />
        <fieldset>
          <legend className="text-sm font-semibold text-ink">{own ? "Your rating" : "Rate this post"}</legend>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews the stars; the radios do the work. */}
          <div className="mt-2 flex items-center gap-1" onMouseLeave={() => setHover(0)}>
            {STAR_VALUES.map((value) => {
              const id = `${baseId}-star-${value}`;
              return (
                <span key={value}>
                  <input
                    id={id}
                    type="radio"
                    name="rating"
                    value={value}
                    required
                    defaultChecked={own?.rating === value}
                    onChange={() => setRating(value)}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor={id}
                    onMouseEnter={() => setHover(value)}
                    className="block cursor-pointer rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                  >
                    <span className="sr-only">
                      {value} {value === 1 ? "star" : "stars"}
                    </span>
                    <Star
                      aria-hidden="true"
                      className={`h-7 w-7 transition ${
                        value <= shown ? "fill-amber-400 text-amber-500" : "text-gray-500"
                      }`}
                    />
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
        <label htmlFor={`${baseId}-text`} className="mt-4 block text-sm font-semibold text-ink">
          Your review
        </label>
        <textarea
          id={`${baseId}-text`}
          name="review"
          rows={3}
          defaultValue={own?.text ?? ""}
          placeholder="What did you think of this story?"
          className="mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={save.state !== "idle"}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {own ? "Update Review" : "Submit Review"}
          </button>
        </div>
      </save.Form>
      {own ? (
        <remove.Form method="post" preventScrollReset className="mt-3">
          <input type="hidden" name="intent" value="deleteReview" />
          <button
            type="submit"
            disabled={remove.state !== "idle"}
            className="text-sm font-semibold text-red-700 underline hover:text-red-800 disabled:opacity-60"
          >
            Remove my review
          </button>
        </remove.Form>
      ) : null}
    </div>
  );
}
