import type { PollJson } from "@broadsheet/domain";
import type { ComponentProps, ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { ENHANCED_FORM } from "../../lib/document/enhanced-forms";
import type { ActionResult } from "../../lib/forms/action-result";

/** The resource route every reader action posts to (routes.ts). */
export const READER_ACTIONS_PATH = "/reader-actions";

/** What a reader does from a page: like or unlike a post, save it to Read Later (or take it off), vote. */
export type ReaderIntent = "like" | "unlike" | "readLater" | "vote";

/**
 * The answer of /reader-actions to a fetcher, by intent: "like" (for unlike too) with the post's
 * likes, "readLater" with the API's message, "vote" with the poll as it now is.
 */
export type ReaderActionResult = ActionResult<{
  intent: "like" | "readLater" | "vote";
  postId?: string;
  likeCount?: number;
  likedByMe?: boolean;
  poll?: PollJson;
}>;

/**
 * A reader action's form: posts `intent` and the hidden `fields` to /reader-actions through
 * `fetcher`. Without scripts the browser posts it and is sent back to `back` (a path on this
 * site, with the part of the page to return to); a logged-out reader goes to log in first.
 */
export function ReaderActionForm({
  fetcher,
  intent,
  back,
  fields,
  children,
  ...formProps
}: {
  fetcher: FetcherWithComponents<ReaderActionResult>;
  intent: ReaderIntent;
  back: string;
  fields: Record<string, string>;
  children: ReactNode;
} & Omit<ComponentProps<FetcherWithComponents<ReaderActionResult>["Form"]>, "method" | "action" | "children">) {
  return (
    <fetcher.Form method="post" action={READER_ACTIONS_PATH} {...ENHANCED_FORM} {...formProps}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="back" value={back} />
      {children}
    </fetcher.Form>
  );
}
