CREATE TABLE "media_uses" (
	"media_key" text NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	CONSTRAINT "media_uses_media_key_owner_type_owner_id_pk" PRIMARY KEY("media_key","owner_type","owner_id")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_uses" ADD CONSTRAINT "media_uses_media_key_media_key_fk" FOREIGN KEY ("media_key") REFERENCES "public"."media"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_uses_owner_idx" ON "media_uses" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at","key");--> statement-breakpoint
-- Where each stored image is used (decision 080): a row of posts, pages, adverts, the settings or
-- users naming /media/{key} in any of its columns. Written once here for every write path.
CREATE FUNCTION "media_uses_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM "media_uses" WHERE "owner_type" = TG_ARGV[0] AND "owner_id" = OLD."id"::text;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "media_uses" ("media_key", "owner_type", "owner_id")
    SELECT DISTINCT hit[1], TG_ARGV[0], NEW."id"::text
    FROM regexp_matches(to_jsonb(NEW)::text, '/media/([0-9a-f]{64})', 'g') AS hit
    WHERE EXISTS (SELECT 1 FROM "media" WHERE "key" = hit[1])
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_media_uses" AFTER INSERT OR DELETE OR UPDATE OF "content", "images", "social_image" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "media_uses_sync"('post');
--> statement-breakpoint
CREATE TRIGGER "pages_media_uses" AFTER INSERT OR DELETE OR UPDATE OF "content" ON "pages"
  FOR EACH ROW EXECUTE FUNCTION "media_uses_sync"('page');
--> statement-breakpoint
CREATE TRIGGER "adverts_media_uses" AFTER INSERT OR DELETE OR UPDATE OF "content", "images" ON "adverts"
  FOR EACH ROW EXECUTE FUNCTION "media_uses_sync"('advert');
--> statement-breakpoint
CREATE TRIGGER "site_settings_media_uses" AFTER INSERT OR DELETE OR UPDATE OF "logo", "icon", "share_image" ON "site_settings"
  FOR EACH ROW EXECUTE FUNCTION "media_uses_sync"('settings');
--> statement-breakpoint
CREATE TRIGGER "users_media_uses" AFTER INSERT OR DELETE OR UPDATE OF "photo" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "media_uses_sync"('user');
--> statement-breakpoint
-- What is already stored.
INSERT INTO "media_uses" ("media_key", "owner_type", "owner_id")
SELECT DISTINCT hit[1], source."owner_type", source."owner_id"
FROM (
  SELECT 'post' AS "owner_type", "id"::text AS "owner_id", to_jsonb("posts")::text AS "row" FROM "posts"
  UNION ALL SELECT 'page', "id"::text, to_jsonb("pages")::text FROM "pages"
  UNION ALL SELECT 'advert', "id"::text, to_jsonb("adverts")::text FROM "adverts"
  UNION ALL SELECT 'settings', "id"::text, to_jsonb("site_settings")::text FROM "site_settings"
  UNION ALL SELECT 'user', "id"::text, "photo" FROM "users" WHERE "photo" <> ''
) AS source, regexp_matches(source."row", '/media/([0-9a-f]{64})', 'g') AS hit
WHERE EXISTS (SELECT 1 FROM "media" WHERE "key" = hit[1])
ON CONFLICT DO NOTHING;
