import { SEND_STATUSES, SUBSCRIBER_STATUSES } from "@broadsheet/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  inet,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";
import { categories } from "../posts/categories";
import { posts } from "../posts/posts";

/** A newsletter readers subscribe to (issue 42), optionally only one category's stories. */
export const newsletters = pgTable(
  "newsletters",
  {
    id: id(),
    name: text("name").notNull(),
    /** How forms and the API name it: `newsletters: ["weekly"]`. */
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    /** "" = the site's name. */
    senderName: text("sender_name").notNull().default(""),
    /** "" = MAIL_FROM. */
    senderEmail: text("sender_email").notNull().default(""),
    replyTo: text("reply_to").notNull().default(""),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** The one a form without a choice subscribes to; exactly one newsletter is the default. */
    isDefault: boolean("is_default").notNull().default(false),
    /** An archived newsletter takes no subscribers and no sends; its history stays. */
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("newsletters_one_default").on(table.isDefault).where(sql`${table.isDefault}`)],
);

/**
 * An e-mail address that asked for mail, with the proof it asked (consent). Only `subscribed`
 * ones are sent to; bounced and complained ones are suppressed until an admin says otherwise.
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    /** Stored as given; unique in any letter case. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** The reader's account with this address, when there is one. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    /** "form", "account", "import", "ghost" or "admin". */
    source: text("source").notNull().default("form"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    consentIp: inet("consent_ip"),
    /** Which form (or import) the consent came through, e.g. "post-page", "csv-import". */
    consentForm: text("consent_form").notNull().default(""),
    consentNote: text("consent_note").notNull().default(""),
    /** The secret of the manage and unsubscribe links in every mail (random, URL-safe). */
    manageToken: text("manage_token").notNull().unique(),
    /** SHA-256 of the double opt-in link's token while the address is pending. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** Why a bounced or complained address is suppressed (the provider's words). */
    suppressionReason: text("suppression_reason").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("subscribers_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("subscribers_user_id_unique").on(table.userId),
    index("subscribers_status_created_idx").on(table.status, table.createdAt, table.id),
    index("subscribers_created_idx").on(table.createdAt, table.id),
    check(
      "subscribers_status_check",
      sql`${table.status} in ('pending', 'subscribed', 'unsubscribed', 'bounced', 'complained')`,
    ),
  ],
);

/** Which newsletters an address gets. */
export const subscriberNewsletters = pgTable(
  "subscriber_newsletters",
  {
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    newsletterId: uuid("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriberId, table.newsletterId] }),
    index("subscriber_newsletters_newsletter_idx").on(table.newsletterId, table.subscriberId),
  ],
);

/** One story mailed to one or more newsletters' subscribers. */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    newsletterIds: uuid("newsletter_ids").array().notNull(),
    status: text("status", { enum: SEND_STATUSES }).notNull().default("queued"),
    /** Not before this time (a scheduled post's send waits for the post to go live). */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    /** An editor asked to send again to newsletters that already had this story. */
    isResend: boolean("is_resend").notNull().default(false),
    /** Recipients, fixed when the send starts (deliveries are made then). */
    recipients: integer("recipients").notNull().default(0),
    subject: text("subject").notNull().default(""),
    error: text("error").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Tracking (off unless an admin turns it on): opens, an estimate (images blocked, privacy proxies). */
    opens: integer("opens").notNull().default(0),
  },
  (table) => [
    index("newsletter_sends_post_idx").on(table.postId),
    index("newsletter_sends_created_idx").on(table.createdAt, table.id),
    check(
      "newsletter_sends_status_check",
      sql`${table.status} in ('queued', 'sending', 'sent', 'paused', 'cancelled', 'failed')`,
    ),
  ],
);

/** A story goes to a newsletter at most once: this row is the proof it went (re-sends replace it). */
export const newsletterPostSends = pgTable(
  "newsletter_post_sends",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    newsletterId: uuid("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.newsletterId] })],
);

export const DELIVERY_STATES = ["pending", "committing", "sent", "failed", "bounced", "skipped"] as const;

/**
 * One recipient of one send: the unit of exactly-once delivery. `committing` is written before
 * the message's final dot goes to the SMTP server, so a crash after it is read as sent.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** The newsletter (of the send's) the recipient gets it as: its sender name and address. */
    newsletterId: uuid("newsletter_id").references(() => newsletters.id, { onDelete: "set null" }),
    /** The address as it was when the send started. */
    email: text("email").notNull(),
    /** Which job of the send delivers it. */
    batch: integer("batch").notNull(),
    state: text("state", { enum: DELIVERY_STATES }).notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    /** A temporary (4xx) failure waits until then. */
    retryAt: timestamp("retry_at", { withTimezone: true }),
    lastError: text("last_error").notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The recipient unsubscribed through this mail's link. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.sendId, table.subscriberId] }),
    index("newsletter_deliveries_batch_idx").on(table.sendId, table.batch, table.state),
    index("newsletter_deliveries_subscriber_idx").on(table.subscriberId),
    check(
      "newsletter_deliveries_state_check",
      sql`${table.state} in ('pending', 'committing', 'sent', 'failed', 'bounced', 'skipped')`,
    ),
  ],
);

/** Tracking only (off by default): clicks per link of a send, counted by the redirect link. */
export const newsletterLinkClicks = pgTable(
  "newsletter_link_clicks",
  {
    sendId: uuid("send_id")
      .notNull()
      .references(() => newsletterSends.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    url: text("url").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.sendId, table.position] })],
);

/**
 * Bounce and complaint notices received (POST /api/newsletters/events): the provider's event id
 * makes a repeated notice a no-op.
 */
export const newsletterEvents = pgTable("newsletter_events", {
  id: id(),
  /** The provider's id of the notice ("" when it gives none). */
  eventKey: text("event_key").notNull().unique(),
  kind: text("kind").notNull(),
  email: text("email").notNull(),
  provider: text("provider").notNull(),
  detail: text("detail").notNull().default(""),
  createdAt: createdAt(),
});

/**
 * How mail goes out (one row; defaults a small provider account accepts until an admin
 * changes them).
 */
export const newsletterSettings = pgTable(
  "newsletter_settings",
  {
    id: smallint("id").primaryKey().default(1),
    batchSize: integer("batch_size").notNull().default(100),
    messagesPerSecond: integer("messages_per_second").notNull().default(10),
    connections: smallint("connections").notNull().default(2),
    /** Opens (estimated) and clicks per link; off by default. */
    tracking: boolean("tracking").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [check("newsletter_settings_one_row", sql`${table.id} = 1`)],
);
