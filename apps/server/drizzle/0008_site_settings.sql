CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text NOT NULL,
	"tagline" text NOT NULL,
	"about" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"shop_url" text NOT NULL,
	"social_links" jsonb NOT NULL,
	"navigation" jsonb NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"share_image" text DEFAULT '' NOT NULL,
	"posts_per_page" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "site_settings_one_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;