DROP INDEX "posts_published_created_idx";--> statement-breakpoint
DROP INDEX "posts_category_published_created_idx";--> statement-breakpoint
DROP INDEX "posts_type_published_created_idx";--> statement-breakpoint
CREATE INDEX "posts_published_created_idx" ON "posts" USING btree ("is_published","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_category_published_created_idx" ON "posts" USING btree ("category_id","is_published","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_type_published_created_idx" ON "posts" USING btree ("type_id","is_published","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);