import { formatLongDate, MESSAGES, type PostSummary, postPath, responsiveImage, usersApi } from "@broadsheet/domain";
import { BookmarkX, CloudCheck, CloudOff, Newspaper } from "lucide-react";
import { useEffect, useState } from "react";
import { data } from "react-router";
import { AccountTabs } from "../components/account/account-tabs";
import { PageLink } from "../components/page-link";
import { PermissionDenied } from "../components/permission-denied";
import { Bylines, CategoryLink } from "../components/post-card";
import { Button, ButtonLink } from "../components/ui";
import { READ_LATER_TEXTS } from "../lib/account/account-messages";
import { withRedirectTo } from "../lib/account/safe-redirect";
import { callApi, errorMessage } from "../lib/api.server";
import type { ActionResult } from "../lib/forms/action-result";
import { answer } from "../lib/forms/answer.server";
import { formText } from "../lib/forms/form-data";
import { useToastedFetcher } from "../lib/forms/toasted-fetcher";
import { forgetOffline, syncReadLater } from "../lib/offline/read-later-offline";
import { useSessionUser } from "../lib/session-user";
import { siteNameIn } from "../lib/site";
import type { Route } from "./+types/read-later";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: loaderData?.readLater
      ? `${READ_LATER_TEXTS.heading} | ${siteNameIn(matches)}`
      : `${MESSAGES.permissionDenied} | ${siteNameIn(matches)}`,
  },
  { name: "description", content: `The stories you saved on ${siteNameIn(matches)} to read later, online or offline.` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const result = await callApi(context, usersApi.getWishlist);
  if (result.status === 401) return data({ readLater: null }, { status: 401 });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { readLater: result.data.wishlist };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const postId = formText(form, "postId");
  const result = await callApi(context, usersApi.removeFromWishlist, { params: { id: postId } });
  return answer(result);
}

/**
 * Which saved posts can be read offline: null until this browser has checked (and always
 * without JavaScript, when nothing is kept), then the paths kept. Visiting the page refreshes
 * every copy and drops the ones no longer saved.
 */
function useOfflineCopies(owner: string | undefined, readLater: PostSummary[] | null): Set<string> | null {
  const [available, setAvailable] = useState<Set<string> | null>(null);
  const paths = (readLater ?? []).map((post) => postPath(post.slug)).join("\n");
  useEffect(() => {
    if (!owner || !readLater) return;
    let current = true;
    syncReadLater(owner, paths ? paths.split("\n") : [])
      .then((kept) => {
        if (current) setAvailable(kept);
      })
      .catch(() => {
        if (current) setAvailable(new Set());
      });
    return () => {
      current = false;
    };
  }, [owner, paths, readLater]);
  return available;
}

export default function ReadLater({ loaderData }: Route.ComponentProps) {
  const { readLater } = loaderData;
  const user = useSessionUser();
  const offline = useOfflineCopies(user?._id, readLater);
  if (!readLater) {
    return <PermissionDenied message={MESSAGES.loginUsersOnly} loginHref={withRedirectTo("/login", "/readLater")} />;
  }
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="font-serif text-3xl font-bold tracking-tight text-ink">{READ_LATER_TEXTS.heading}</h1>
      <p className="mt-1 text-gray-600">Stories you saved to read when you have the time.</p>
      <div className="mt-6">
        <AccountTabs />
      </div>
      {readLater.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-gray-300 px-6 py-14 text-center">
          <Newspaper aria-hidden="true" className="mx-auto h-10 w-10 text-gray-400" />
          <p className="mt-4 font-semibold text-ink">{READ_LATER_TEXTS.empty}</p>
          <p className="mt-1 text-sm text-gray-600">Use “Add To Read Later” on any story to keep it here.</p>
          <ButtonLink to="/" className="mt-6">
            Browse the latest news
          </ButtonLink>
        </div>
      ) : (
        <ul aria-label="Saved posts" className="mt-6 divide-y divide-gray-200">
          {readLater.map((post) => (
            <SavedPostItem
              key={post._id}
              post={post}
              owner={user?._id}
              availableOffline={offline ? offline.has(postPath(post.slug)) : null}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedPostItem({
  post,
  owner,
  availableOffline,
}: {
  post: PostSummary;
  owner: string | undefined;
  availableOffline: boolean | null;
}) {
  // The page's reload drops this post: its answer is toasted, and its offline copy forgotten, from the root.
  const fetcher = useToastedFetcher<ActionResult>(() => {
    if (owner) void forgetOffline(owner, postPath(post.slug));
  });
  const removing = fetcher.state !== "idle" || fetcher.data?.ok === true;

  const image = post.image[0];
  const titleId = `saved-${post._id}`;
  return (
    <li hidden={removing} className="flex flex-col gap-4 py-5 sm:flex-row sm:items-center">
      <PageLink to={postPath(post.slug)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {image ? (
          <img
            {...responsiveImage(image, "192px", 320)}
            alt=""
            width={192}
            height={128}
            loading="lazy"
            className="h-32 w-full rounded-lg object-cover sm:w-48"
          />
        ) : (
          <span className="flex h-32 w-full items-center justify-center rounded-lg bg-gray-100 sm:w-48">
            <Newspaper className="h-8 w-8 text-gray-400" />
          </span>
        )}
      </PageLink>
      <article aria-labelledby={titleId} className="min-w-0 flex-1">
        <p className="text-xs font-bold uppercase tracking-wider text-brand-600">
          <CategoryLink post={post} />
        </p>
        <h2 id={titleId} className="mt-1 font-serif text-xl font-bold leading-snug text-ink">
          <PageLink to={postPath(post.slug)} className="hover:text-brand-600 hover:underline">
            {post.title}
          </PageLink>
        </h2>
        <p className="mt-2 text-sm text-gray-600">
          {post.author ? (
            <span>
              By <Bylines post={post} className="hover:text-brand-600 hover:underline" /> ·{" "}
            </span>
          ) : null}
          <time dateTime={post.createdAt}>{formatLongDate(post.createdAt)}</time>
        </p>
        {availableOffline === null ? null : (
          <p
            data-testid="offline-status"
            className={`mt-1 inline-flex items-center gap-1 text-xs font-semibold ${
              availableOffline ? "text-green-800" : "text-gray-600"
            }`}
          >
            {availableOffline ? (
              <CloudCheck aria-hidden="true" className="h-3.5 w-3.5" />
            ) : (
              <CloudOff aria-hidden="true" className="h-3.5 w-3.5" />
            )}
            {availableOffline ? READ_LATER_TEXTS.availableOffline : READ_LATER_TEXTS.notOffline}
          </p>
        )}
      </article>
      <fetcher.Form method="post" className="shrink-0">
        <input type="hidden" name="postId" value={post._id} />
        <Button
          type="submit"
          variant="outline"
          size="md"
          icon={BookmarkX}
          aria-describedby={titleId}
          disabled={fetcher.state !== "idle"}
        >
          {READ_LATER_TEXTS.remove}
        </Button>
      </fetcher.Form>
    </li>
  );
}
