CREATE TABLE "newsletter_deliveries" (
	"send_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"newsletter_id" uuid,
	"email" text NOT NULL,
	"batch" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_send_id_subscriber_id_pk" PRIMARY KEY("send_id","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_state_check" CHECK ("newsletter_deliveries"."state" in ('pending', 'committing', 'sent', 'failed', 'bounced', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"provider" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_events_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
CREATE TABLE "newsletter_link_clicks" (
	"send_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_link_clicks_send_id_position_pk" PRIMARY KEY("send_id","position")
);
--> statement-breakpoint
CREATE TABLE "newsletter_post_sends" (
	"post_id" uuid NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_post_sends_post_id_newsletter_id_pk" PRIMARY KEY("post_id","newsletter_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"newsletter_ids" uuid[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"is_resend" boolean DEFAULT false NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "newsletter_sends_status_check" CHECK ("newsletter_sends"."status" in ('queued', 'sending', 'sent', 'paused', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"batch_size" integer DEFAULT 100 NOT NULL,
	"messages_per_second" integer DEFAULT 10 NOT NULL,
	"connections" smallint DEFAULT 2 NOT NULL,
	"tracking" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_settings_one_row" CHECK ("newsletter_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_email" text DEFAULT '' NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"category_id" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "subscriber_newsletters" (
	"subscriber_id" uuid NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriber_newsletters_subscriber_id_newsletter_id_pk" PRIMARY KEY("subscriber_id","newsletter_id")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'form' NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_ip" "inet",
	"consent_form" text DEFAULT '' NOT NULL,
	"consent_note" text DEFAULT '' NOT NULL,
	"manage_token" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"suppression_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscribers_manage_token_unique" UNIQUE("manage_token"),
	CONSTRAINT "subscribers_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "subscribers_status_check" CHECK ("subscribers"."status" in ('pending', 'subscribed', 'unsubscribed', 'bounced', 'complained'))
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "postal_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_link_clicks" ADD CONSTRAINT "newsletter_link_clicks_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_post_sends" ADD CONSTRAINT "newsletter_post_sends_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_post_sends" ADD CONSTRAINT "newsletter_post_sends_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_post_sends" ADD CONSTRAINT "newsletter_post_sends_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_newsletters" ADD CONSTRAINT "subscriber_newsletters_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_newsletters" ADD CONSTRAINT "subscriber_newsletters_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_batch_idx" ON "newsletter_deliveries" USING btree ("send_id","batch","state");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_post_idx" ON "newsletter_sends" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_created_idx" ON "newsletter_sends" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_one_default" ON "newsletters" USING btree ("is_default") WHERE "newsletters"."is_default";--> statement-breakpoint
CREATE INDEX "subscriber_newsletters_newsletter_idx" ON "subscriber_newsletters" USING btree ("newsletter_id","subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_lower_unique" ON "subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_user_id_unique" ON "subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscribers_status_created_idx" ON "subscribers" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_created_idx" ON "subscribers" USING btree ("created_at","id");--> statement-breakpoint
-- The default newsletter: its empty name reads as "The {site name} newsletter" (docs/product/newsletters.md).
INSERT INTO "newsletters" ("name", "slug", "is_default") VALUES ('', 'newsletter', true);