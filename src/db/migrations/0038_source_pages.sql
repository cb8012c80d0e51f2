CREATE TABLE "source_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"main_image" jsonb,
	"doc" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"source_updated_at" timestamp with time zone,
	"checksum" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "source_pages_status_check" CHECK ("source_pages"."status" in ('published', 'unpublished'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "source_pages_source_idx" ON "source_pages" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "source_pages_slug_idx" ON "source_pages" USING btree ("slug");
