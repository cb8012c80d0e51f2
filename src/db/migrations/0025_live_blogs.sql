CREATE TABLE "live_blog_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"live_blog_id" integer NOT NULL,
	"status" text NOT NULL,
	"doc" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image" jsonb,
	"quotation" jsonb,
	"article_id" integer,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"corrected_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"changed_in" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_blog_entries_status_check" CHECK ("live_blog_entries"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "live_blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"intro" text NOT NULL,
	"main_image" jsonb NOT NULL,
	"category_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"entries_version" integer DEFAULT 0 NOT NULL,
	"coverage_start_at" timestamp with time zone,
	"coverage_end_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_blogs_url_unique" UNIQUE("url"),
	CONSTRAINT "live_blogs_state_check" CHECK ("live_blogs"."state" in ('draft', 'live', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "live_blog_entries" ADD CONSTRAINT "live_blog_entries_live_blog_id_live_blogs_id_fk" FOREIGN KEY ("live_blog_id") REFERENCES "public"."live_blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_blog_entries" ADD CONSTRAINT "live_blog_entries_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_blog_entries" ADD CONSTRAINT "live_blog_entries_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_blogs" ADD CONSTRAINT "live_blogs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_blogs" ADD CONSTRAINT "live_blogs_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_blogs" ADD CONSTRAINT "live_blogs_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_blog_entries_changed_idx" ON "live_blog_entries" USING btree ("live_blog_id","changed_in");--> statement-breakpoint
CREATE UNIQUE INDEX "live_blog_entries_pinned_idx" ON "live_blog_entries" USING btree ("live_blog_id") WHERE "live_blog_entries"."pinned";--> statement-breakpoint
CREATE INDEX "live_blogs_state_idx" ON "live_blogs" USING btree ("state","coverage_start_at");