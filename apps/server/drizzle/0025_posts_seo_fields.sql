ALTER TABLE "posts" ADD COLUMN "social_image" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "canonical_url" text DEFAULT '' NOT NULL;