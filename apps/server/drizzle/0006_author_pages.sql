ALTER TABLE "users" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing accounts get a slug from their name; the second and later of one name get -2, -3, … by age.
UPDATE "users" SET "slug" = named.base || CASE WHEN named.place = 1 THEN '' ELSE '-' || named.place END
FROM (
  SELECT "id", base, row_number() OVER (PARTITION BY base ORDER BY "created_at", "id") AS place
  FROM (
    SELECT "id", "created_at",
      coalesce(nullif(left(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), 80), ''), 'author') AS base
    FROM "users"
  ) AS bases
) AS named
WHERE "users"."id" = named."id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_slug_unique" ON "users" USING btree ("slug");
