import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { posts } from "./posts";

/*
 * Who has a post open in the editor (issue 43): one row per post, kept by the editor's
 * heartbeat; a row not seen for EDITING_TIMEOUT_SECONDS is free to take, as WordPress's post
 * lock is.
 */
export const postEditors = pgTable("post_editors", {
  postId: uuid("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});
