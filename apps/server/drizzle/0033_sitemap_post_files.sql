CREATE TABLE "sitemap_post_files" (
	"start_time" timestamp with time zone NOT NULL,
	"start_id" uuid NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"last_modified" timestamp with time zone,
	CONSTRAINT "sitemap_post_files_start_time_start_id_pk" PRIMARY KEY("start_time","start_id")
);
--> statement-breakpoint
-- The file a post falls in (decision 091): the one with the latest start at or before the post.
CREATE FUNCTION "sitemap_post_file_of"("at" timestamp with time zone, "post" uuid)
RETURNS TABLE ("start_time" timestamp with time zone, "start_id" uuid, "next_time" timestamp with time zone, "next_id" uuid)
LANGUAGE sql STABLE AS $$
  SELECT here."start_time", here."start_id",
         coalesce(next."start_time", 'infinity'), coalesce(next."start_id", '00000000-0000-0000-0000-000000000000')
  FROM (SELECT f."start_time", f."start_id" FROM "sitemap_post_files" f
        WHERE (f."start_time", f."start_id") <= ("at", "post")
        ORDER BY f."start_time" DESC, f."start_id" DESC LIMIT 1) AS here
  LEFT JOIN LATERAL (SELECT f."start_time", f."start_id" FROM "sitemap_post_files" f
        WHERE (f."start_time", f."start_id") > (here."start_time", here."start_id")
        ORDER BY f."start_time", f."start_id" LIMIT 1) AS next ON true
$$;
--> statement-breakpoint
-- Keeps each file's count and newest update exact on every write path: a post that leaves a file
-- counts down, and when it was the file's newest update the file's range is read again (at most
-- one file of posts); a post that arrives counts up and may be the newest.
CREATE FUNCTION "sitemap_post_files_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed boolean := TG_OP <> 'INSERT' AND OLD."is_published";
  lists boolean := TG_OP <> 'DELETE' AND NEW."is_published";
  old_at timestamp with time zone;
  new_at timestamp with time zone;
  file record;
BEGIN
  IF listed THEN old_at := coalesce(OLD."published_at", OLD."created_at"); END IF;
  IF lists THEN new_at := coalesce(NEW."published_at", NEW."created_at"); END IF;
  IF listed AND lists AND old_at = new_at AND NEW."updated_at" >= OLD."updated_at" THEN
    -- Still listed in the same place and no older: only the file's newest update can move.
    UPDATE "sitemap_post_files" f SET "last_modified" = NEW."updated_at"
    FROM "sitemap_post_file_of"(new_at, NEW."id") AS here
    WHERE (f."start_time", f."start_id") = (here."start_time", here."start_id")
      AND f."last_modified" IS DISTINCT FROM greatest(f."last_modified", NEW."updated_at");
    RETURN NULL;
  END IF;
  IF listed THEN
    SELECT * INTO file FROM "sitemap_post_file_of"(old_at, OLD."id");
    UPDATE "sitemap_post_files" f SET "posts" = f."posts" - 1,
      "last_modified" = CASE WHEN OLD."updated_at" < f."last_modified" THEN f."last_modified" ELSE (
        SELECT max(p."updated_at") FROM "posts" p
        WHERE p."is_published" = true
          AND (coalesce(p."published_at", p."created_at"), p."id") >= (file."start_time", file."start_id")
          AND (coalesce(p."published_at", p."created_at"), p."id") < (file."next_time", file."next_id")
      ) END
    WHERE (f."start_time", f."start_id") = (file."start_time", file."start_id");
  END IF;
  IF lists THEN
    UPDATE "sitemap_post_files" f SET "posts" = f."posts" + 1,
      "last_modified" = greatest(f."last_modified", NEW."updated_at")
    FROM "sitemap_post_file_of"(new_at, NEW."id") AS here
    WHERE (f."start_time", f."start_id") = (here."start_time", here."start_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_sitemap_post_files" AFTER INSERT OR DELETE OR UPDATE OF "is_published", "published_at", "created_at", "updated_at" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_post_files_sync"();
--> statement-breakpoint
-- One file of everything already published; the service splits it at the first sitemap it builds.
INSERT INTO "sitemap_post_files" ("start_time", "start_id", "posts", "last_modified")
SELECT '-infinity', '00000000-0000-0000-0000-000000000000', count(*), max("updated_at")
FROM "posts" WHERE "is_published" = true;
