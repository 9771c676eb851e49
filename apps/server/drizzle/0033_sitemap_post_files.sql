CREATE TABLE "sitemap_listings" (
	"kind" text NOT NULL,
	"key" uuid NOT NULL,
	"last_modified" timestamp with time zone NOT NULL,
	CONSTRAINT "sitemap_listings_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
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
-- Keeps each file's count and newest update exact on every update and delete: a post that leaves a file
-- counts down, and when it was the file's newest update the file's range is read again (at most
-- one file of posts); a post that arrives counts up and may be the newest.
CREATE FUNCTION "sitemap_post_files_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed boolean := OLD."is_published";
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
          -- The planner cannot estimate a row comparison: the plain bounds show it the range is small.
          AND coalesce(p."published_at", p."created_at") BETWEEN file."start_time" AND file."next_time"
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
CREATE TRIGGER "posts_sitemap_post_files" AFTER DELETE OR UPDATE OF "is_published", "published_at", "created_at", "updated_at" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_post_files_sync"();
--> statement-breakpoint
-- One file of everything already published; the service splits it at the first sitemap it builds.
INSERT INTO "sitemap_post_files" ("start_time", "start_id", "posts", "last_modified")
SELECT '-infinity', '00000000-0000-0000-0000-000000000000', count(*), max("updated_at")
FROM "posts" WHERE "is_published" = true;
--> statement-breakpoint
-- The newest update among a listing's published posts, leaving out the post `leaving` (one being
-- deleted). One index range per kind: a category's, a type's, an author's or a tag's posts.
CREATE FUNCTION "sitemap_listing_newest"("listing_kind" text, "listing" uuid, "leaving" uuid)
RETURNS timestamp with time zone LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF listing_kind = 'category' THEN
    RETURN (SELECT max(p."updated_at") FROM "posts" p
            WHERE p."category_id" = listing AND p."is_published" = true AND p."id" <> leaving);
  ELSIF listing_kind = 'type' THEN
    RETURN (SELECT max(p."updated_at") FROM "posts" p
            WHERE p."type_id" = listing AND p."is_published" = true AND p."id" <> leaving);
  ELSIF listing_kind = 'author' THEN
    RETURN greatest(
      (SELECT max(p."updated_at") FROM "posts" p
       WHERE p."author_id" = listing AND p."is_published" = true AND p."id" <> leaving),
      (SELECT max(p."updated_at") FROM "post_coauthors" c JOIN "posts" p ON p."id" = c."post_id"
       WHERE c."user_id" = listing AND p."is_published" = true AND p."id" <> leaving));
  END IF;
  RETURN (SELECT max(p."updated_at") FROM "post_tags" t JOIN "posts" p ON p."id" = t."post_id"
          WHERE t."tag_id" = listing AND p."is_published" = true AND p."id" <> leaving);
END $$;
--> statement-breakpoint
-- A published post last updated at `updated` left the listing: only when it may have been the
-- newest is the listing read again (and its row dropped when nothing published is left).
CREATE FUNCTION "sitemap_listing_left"("listing_kind" text, "listing" uuid, "leaving" uuid, "updated" timestamp with time zone)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  newest timestamp with time zone;
BEGIN
  IF listing IS NULL OR NOT EXISTS (SELECT 1 FROM "sitemap_listings" l
      WHERE l."kind" = listing_kind AND l."key" = listing AND l."last_modified" <= updated) THEN
    RETURN;
  END IF;
  newest := "sitemap_listing_newest"(listing_kind, listing, leaving);
  IF newest IS NULL THEN
    DELETE FROM "sitemap_listings" l WHERE l."kind" = listing_kind AND l."key" = listing;
  ELSE
    UPDATE "sitemap_listings" l SET "last_modified" = newest WHERE l."kind" = listing_kind AND l."key" = listing;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sitemap_listing_reached"("listing_kind" text, "listing" uuid, "updated" timestamp with time zone)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "sitemap_listings" ("kind", "key", "last_modified")
  SELECT listing_kind, listing, updated WHERE listing IS NOT NULL
  ON CONFLICT ("kind", "key") DO UPDATE SET "last_modified" = excluded."last_modified"
  WHERE "sitemap_listings"."last_modified" < excluded."last_modified"
$$;
--> statement-breakpoint
-- A post's update: the listings it leaves (unpublished, moved, or made older) and those it reaches.
-- A delete runs before the row goes, while its tags and co-authors are still there to name.
CREATE FUNCTION "sitemap_listings_of_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stays boolean := TG_OP = 'UPDATE' AND NEW."is_published" AND NEW."updated_at" >= OLD."updated_at";
  leaving uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE '00000000-0000-0000-0000-000000000000' END;
  listing uuid;
BEGIN
  IF OLD."is_published" THEN
    IF NOT (stays AND NEW."category_id" = OLD."category_id") THEN
      PERFORM "sitemap_listing_left"('category', OLD."category_id", leaving, OLD."updated_at");
    END IF;
    IF NOT (stays AND NEW."type_id" IS NOT DISTINCT FROM OLD."type_id") THEN
      PERFORM "sitemap_listing_left"('type', OLD."type_id", leaving, OLD."updated_at");
    END IF;
    IF NOT (stays AND NEW."author_id" IS NOT DISTINCT FROM OLD."author_id") THEN
      PERFORM "sitemap_listing_left"('author', OLD."author_id", leaving, OLD."updated_at");
    END IF;
    IF NOT stays THEN
      FOR listing IN SELECT c."user_id" FROM "post_coauthors" c WHERE c."post_id" = OLD."id" LOOP
        PERFORM "sitemap_listing_left"('author', listing, leaving, OLD."updated_at");
      END LOOP;
      FOR listing IN SELECT t."tag_id" FROM "post_tags" t WHERE t."post_id" = OLD."id" LOOP
        PERFORM "sitemap_listing_left"('tag', listing, leaving, OLD."updated_at");
      END LOOP;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW."is_published" THEN
    PERFORM "sitemap_listing_reached"('category', NEW."category_id", NEW."updated_at");
    PERFORM "sitemap_listing_reached"('type', NEW."type_id", NEW."updated_at");
    PERFORM "sitemap_listing_reached"('author', NEW."author_id", NEW."updated_at");
    FOR listing IN SELECT c."user_id" FROM "post_coauthors" c WHERE c."post_id" = NEW."id" LOOP
      PERFORM "sitemap_listing_reached"('author', listing, NEW."updated_at");
    END LOOP;
    FOR listing IN SELECT t."tag_id" FROM "post_tags" t WHERE t."post_id" = NEW."id" LOOP
      PERFORM "sitemap_listing_reached"('tag', listing, NEW."updated_at");
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_sitemap_listings" AFTER UPDATE OF "is_published", "updated_at", "category_id", "type_id", "author_id" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_listings_of_post"();
--> statement-breakpoint
CREATE TRIGGER "posts_sitemap_listings_delete" BEFORE DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_listings_of_post"();
--> statement-breakpoint
-- A tag or co-author moved to a post (TG_ARGV[0] names the kind, TG_ARGV[1] the listing's column).
CREATE FUNCTION "sitemap_listing_link_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sitemap_listing_reached"(TG_ARGV[0], (to_jsonb(NEW) ->> TG_ARGV[1])::uuid, p."updated_at")
  FROM "posts" p WHERE p."id" = NEW."post_id" AND p."is_published" = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- And taken away: checked at commit, as saving a post replaces its tags and co-authors (deleted,
-- then the kept ones inserted again). A deleted post's own trigger has already done its part.
CREATE FUNCTION "sitemap_listing_link_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listing uuid := (to_jsonb(OLD) ->> TG_ARGV[1])::uuid;
BEGIN
  IF TG_TABLE_NAME = 'post_tags' AND EXISTS (SELECT 1 FROM "post_tags" t WHERE t."post_id" = OLD."post_id" AND t."tag_id" = listing)
     OR TG_TABLE_NAME = 'post_coauthors' AND EXISTS (SELECT 1 FROM "post_coauthors" c WHERE c."post_id" = OLD."post_id" AND c."user_id" = listing) THEN
    RETURN NULL;
  END IF;
  PERFORM "sitemap_listing_left"(TG_ARGV[0], listing, '00000000-0000-0000-0000-000000000000', p."updated_at")
  FROM "posts" p WHERE p."id" = OLD."post_id" AND p."is_published" = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "post_tags_sitemap_listings" AFTER UPDATE OF "post_id", "tag_id" ON "post_tags"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_listing_link_added"('tag', 'tag_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_tags_sitemap_listings_removed" AFTER DELETE OR UPDATE OF "post_id", "tag_id" ON "post_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sitemap_listing_link_removed"('tag', 'tag_id');
--> statement-breakpoint
CREATE TRIGGER "post_coauthors_sitemap_listings" AFTER UPDATE OF "post_id", "user_id" ON "post_coauthors"
  FOR EACH ROW EXECUTE FUNCTION "sitemap_listing_link_added"('author', 'user_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "post_coauthors_sitemap_listings_removed" AFTER DELETE OR UPDATE OF "post_id", "user_id" ON "post_coauthors"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "sitemap_listing_link_removed"('author', 'user_id');
--> statement-breakpoint
-- Inserts come in bulk (imports, the seed): each statement's rows are counted once, as a set.
CREATE FUNCTION "sitemap_posts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sitemap_post_files" f SET "posts" = f."posts" + added."posts",
    "last_modified" = greatest(f."last_modified", added."newest")
  FROM (
    SELECT here."start_time", here."start_id", count(*)::int AS "posts", max(i."updated_at") AS "newest"
    FROM "inserted" i,
      LATERAL "sitemap_post_file_of"(coalesce(i."published_at", i."created_at"), i."id") AS here
    WHERE i."is_published" = true
    GROUP BY here."start_time", here."start_id"
  ) AS added
  WHERE (f."start_time", f."start_id") = (added."start_time", added."start_id");
  INSERT INTO "sitemap_listings" ("kind", "key", "last_modified")
  SELECT 'category', i."category_id", max(i."updated_at") FROM "inserted" i WHERE i."is_published" = true GROUP BY 2
  UNION ALL
  SELECT 'type', i."type_id", max(i."updated_at") FROM "inserted" i
  WHERE i."is_published" = true AND i."type_id" IS NOT NULL GROUP BY 2
  UNION ALL
  SELECT 'author', i."author_id", max(i."updated_at") FROM "inserted" i
  WHERE i."is_published" = true AND i."author_id" IS NOT NULL GROUP BY 2
  ON CONFLICT ("kind", "key") DO UPDATE SET "last_modified" = excluded."last_modified"
  WHERE "sitemap_listings"."last_modified" < excluded."last_modified";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_sitemap_inserted" AFTER INSERT ON "posts"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "sitemap_posts_inserted"();
--> statement-breakpoint
-- Tags and co-authors given to published posts, a statement at a time (TG_ARGV as above).
CREATE FUNCTION "sitemap_listing_links_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sitemap_listings" ("kind", "key", "last_modified")
  SELECT TG_ARGV[0], (to_jsonb(i) ->> TG_ARGV[1])::uuid, max(p."updated_at")
  FROM "inserted" i JOIN "posts" p ON p."id" = i."post_id"
  WHERE p."is_published" = true GROUP BY 2
  ON CONFLICT ("kind", "key") DO UPDATE SET "last_modified" = excluded."last_modified"
  WHERE "sitemap_listings"."last_modified" < excluded."last_modified";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "post_tags_sitemap_inserted" AFTER INSERT ON "post_tags"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "sitemap_listing_links_inserted"('tag', 'tag_id');
--> statement-breakpoint
CREATE TRIGGER "post_coauthors_sitemap_inserted" AFTER INSERT ON "post_coauthors"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "sitemap_listing_links_inserted"('author', 'user_id');
--> statement-breakpoint
-- What is already published.
INSERT INTO "sitemap_listings" ("kind", "key", "last_modified")
SELECT 'category', "category_id", max("updated_at") FROM "posts" WHERE "is_published" = true GROUP BY "category_id"
UNION ALL
SELECT 'type', "type_id", max("updated_at") FROM "posts" WHERE "is_published" = true AND "type_id" IS NOT NULL GROUP BY "type_id"
UNION ALL
SELECT 'author', "user_id", max("updated_at") FROM (
  SELECT "author_id" AS "user_id", "updated_at" FROM "posts" WHERE "is_published" = true AND "author_id" IS NOT NULL
  UNION ALL
  SELECT c."user_id", p."updated_at" FROM "post_coauthors" c JOIN "posts" p ON p."id" = c."post_id" WHERE p."is_published" = true
) AS bylines GROUP BY "user_id"
UNION ALL
SELECT 'tag', t."tag_id", max(p."updated_at") FROM "post_tags" t JOIN "posts" p ON p."id" = t."post_id"
WHERE p."is_published" = true GROUP BY t."tag_id";
