DROP INDEX "post_tags_tag_id_idx";--> statement-breakpoint
CREATE INDEX "post_tags_tag_id_post_id_idx" ON "post_tags" USING btree ("tag_id","post_id");