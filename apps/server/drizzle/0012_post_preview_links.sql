ALTER TABLE "posts" ADD COLUMN "preview_token_hash" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_preview_token_hash_unique" UNIQUE("preview_token_hash");