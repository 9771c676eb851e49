ALTER TABLE "posts" ADD COLUMN "correction" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "corrected_at" timestamp with time zone;