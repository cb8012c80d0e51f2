CREATE TABLE "live_blog_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"live_blog_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_blogs" DROP CONSTRAINT "live_blogs_state_check";--> statement-breakpoint
DROP INDEX "live_blogs_state_idx";--> statement-breakpoint
ALTER TABLE "live_blogs" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_blogs" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
-- Live blogs join the editorial workflow (decision 027), their data kept: draft stays draft, live and ended
-- are published (ended keeps its coverage_end_at), the coverage's start becomes the first publication.
ALTER TABLE "live_blogs" RENAME COLUMN "coverage_start_at" TO "published_at";--> statement-breakpoint
UPDATE "live_blogs" SET "status" = CASE WHEN "state" = 'draft' THEN 'draft' ELSE 'published' END;--> statement-breakpoint
ALTER TABLE "live_blog_revisions" ADD CONSTRAINT "live_blog_revisions_live_blog_id_live_blogs_id_fk" FOREIGN KEY ("live_blog_id") REFERENCES "public"."live_blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_blog_revisions" ADD CONSTRAINT "live_blog_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_blog_revisions_version_idx" ON "live_blog_revisions" USING btree ("live_blog_id","version");--> statement-breakpoint
CREATE INDEX "live_blogs_status_idx" ON "live_blogs" USING btree ("status","published_at");--> statement-breakpoint
ALTER TABLE "live_blogs" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "live_blogs" ADD CONSTRAINT "live_blogs_status_check" CHECK ("live_blogs"."status" in ('draft', 'scheduled', 'published', 'unpublished'));