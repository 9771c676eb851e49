DROP INDEX "posts_author_id_idx";--> statement-breakpoint
DROP INDEX "post_tags_tag_id_post_id_idx";--> statement-breakpoint
ALTER TABLE "post_tags" ADD COLUMN "post_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "post_tags" ADD COLUMN "post_is_published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "post_tags" SET "post_created_at" = "posts"."created_at", "post_is_published" = "posts"."is_published"
  FROM "posts" WHERE "posts"."id" = "post_tags"."post_id";--> statement-breakpoint
CREATE FUNCTION "post_tags_copy_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  created timestamp with time zone;
  published boolean;
BEGIN
  SELECT "created_at", "is_published" INTO created, published FROM "posts" WHERE "id" = NEW."post_id";
  -- No such post: the foreign key refuses the row, as it did before these columns.
  IF FOUND THEN
    NEW."post_created_at" := created;
    NEW."post_is_published" := published;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "post_tags_copy_post" BEFORE INSERT OR UPDATE OF "post_id" ON "post_tags"
  FOR EACH ROW EXECUTE FUNCTION "post_tags_copy_post"();--> statement-breakpoint
CREATE FUNCTION "posts_copy_to_post_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_tags" SET "post_created_at" = NEW."created_at", "post_is_published" = NEW."is_published"
    WHERE "post_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_copy_to_post_tags" AFTER UPDATE OF "created_at", "is_published" ON "posts"
  FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."is_published" IS DISTINCT FROM NEW."is_published")
  EXECUTE FUNCTION "posts_copy_to_post_tags"();--> statement-breakpoint
CREATE INDEX "posts_author_created_idx" ON "posts" USING btree ("author_id","created_at","id","is_published");--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_idx" ON "post_tags" USING btree ("tag_id","post_created_at","post_id","post_is_published");
