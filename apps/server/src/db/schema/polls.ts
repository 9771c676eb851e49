import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts/users";
import { createdAt, id } from "./columns";

/** Polls ("votes" in the API's paths and screens): a title and exactly three options. */
export const polls = pgTable(
  "polls",
  {
    id: id(),
    title: text("title").notNull(),
    optionOne: text("option_one").notNull(),
    optionTwo: text("option_two").notNull(),
    optionThree: text("option_three").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // Ascending: read backwards it gives `created_at desc, id desc` (see posts.ts).
  (table) => [index("polls_created_idx").on(table.createdAt, table.id)],
);

/** One vote per user per poll: the primary key is the rule. */
export const pollVotes = pgTable(
  "poll_votes",
  {
    pollId: uuid("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    option: smallint("option").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.pollId, table.userId] }),
    check("poll_votes_option_range", sql`${table.option} between 1 and 3`),
    index("poll_votes_user_id_idx").on(table.userId),
  ],
);
