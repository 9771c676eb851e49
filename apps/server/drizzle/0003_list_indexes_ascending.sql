DROP INDEX "adverts_placement_created_idx";--> statement-breakpoint
DROP INDEX "comments_post_created_idx";--> statement-breakpoint
DROP INDEX "comments_created_idx";--> statement-breakpoint
DROP INDEX "polls_created_idx";--> statement-breakpoint
DROP INDEX "posts_published_created_idx";--> statement-breakpoint
DROP INDEX "posts_category_published_created_idx";--> statement-breakpoint
DROP INDEX "posts_type_published_created_idx";--> statement-breakpoint
DROP INDEX "posts_published_views_idx";--> statement-breakpoint
DROP INDEX "posts_published_title_idx";--> statement-breakpoint
DROP INDEX "read_later_user_created_idx";--> statement-breakpoint
DROP INDEX "reviews_post_created_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_published_time_idx" ON "posts" USING btree ("is_published",coalesce("published_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "adverts_placement_created_idx" ON "adverts" USING btree ("placement","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_post_created_idx" ON "comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_created_idx" ON "comments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "polls_created_idx" ON "polls" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "posts_published_created_idx" ON "posts" USING btree ("is_published","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_category_published_created_idx" ON "posts" USING btree ("category_id","is_published","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_type_published_created_idx" ON "posts" USING btree ("type_id","is_published","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_published_views_idx" ON "posts" USING btree ("is_published","views",coalesce("published_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "posts_published_title_idx" ON "posts" USING btree ("is_published",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "read_later_user_created_idx" ON "read_later" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_post_created_idx" ON "reviews" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");