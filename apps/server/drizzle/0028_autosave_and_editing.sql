CREATE TABLE "post_editors" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_revisions" ADD COLUMN "kind" text DEFAULT 'save' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_editors" ADD CONSTRAINT "post_editors_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_editors" ADD CONSTRAINT "post_editors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_kind_check" CHECK ("post_revisions"."kind" in ('save', 'autosave'));