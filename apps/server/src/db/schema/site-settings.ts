import type { SiteLink } from "@broadsheet/domain";
import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts/users";

/*
 * The site's settings (issue 15): one row, written by the first admin change. Until then
 * the defaults of the configuration (env) hold, so a new site needs no row.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: smallint("id").primaryKey().default(1),
    siteName: text("site_name").notNull(),
    tagline: text("tagline").notNull(),
    about: text("about").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    shopUrl: text("shop_url").notNull(),
    socialLinks: jsonb("social_links").$type<SiteLink[]>().notNull(),
    navigation: jsonb("navigation").$type<SiteLink[]>().notNull(),
    logo: text("logo").notNull().default(""),
    icon: text("icon").notNull().default(""),
    shareImage: text("share_image").notNull().default(""),
    /** The site's X (Twitter) handle ("@name"), for twitter:site; "" when it has none. */
    twitterHandle: text("twitter_handle").notNull().default(""),
    /** The postal address or contact line every newsletter mail ends with (issue 42); "" when unset. */
    postalAddress: text("postal_address").notNull().default(""),
    postsPerPage: integer("posts_per_page").notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Staff must turn on two-factor sign-in before they can use the admin area. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    /** Which new comments wait for review: none (off), first-time commenters' (first), or all. */
    commentModeration: text("comment_moderation").notNull().default("off"),
    /** Words that hold a comment for review wherever they appear (case-insensitive). */
    commentHeldWords: jsonb("comment_held_words").$type<string[]>().notNull().default([]),
    /** A comment with more links than this waits for review; 0: no limit. */
    commentMaxLinks: integer("comment_max_links").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);
