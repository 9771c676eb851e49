-- Ghost members (kept in imported_members since the Ghost import) become subscribers (issue 42):
-- subscribed ones get the default newsletter, the others are kept unsubscribed. An address that
-- is a subscriber already keeps its own record. Tokens as the app makes them: random and URL-safe.
INSERT INTO "subscribers" ("email", "name", "status", "source", "consent_form", "consent_note", "manage_token", "subscribed_at", "unsubscribed_at", "created_at")
SELECT m."email", m."name",
	CASE WHEN m."subscribed" THEN 'subscribed' ELSE 'unsubscribed' END,
	'ghost', 'ghost-import',
	'Imported from the Ghost site ' || regexp_replace(m."site", '^ghost:', ''),
	replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
	CASE WHEN m."subscribed" THEN m."created_at" END,
	CASE WHEN m."subscribed" THEN NULL ELSE now() END,
	m."created_at"
FROM "imported_members" m
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "subscriber_newsletters" ("subscriber_id", "newsletter_id")
SELECT s."id", n."id"
FROM "subscribers" s
JOIN "imported_members" m ON lower(m."email") = lower(s."email")
JOIN "newsletters" n ON n."is_default" AND NOT n."archived"
WHERE s."source" = 'ghost' AND s."status" = 'subscribed'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "imported_members" CASCADE;
