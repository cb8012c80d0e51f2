ALTER TABLE "newsroom_articles" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "newsroom_articles" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "newsroom_articles" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "newsroom_articles_source_idx" ON "newsroom_articles" USING btree ("source_kind","source_id") WHERE "newsroom_articles"."source_kind" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "source_sync_state" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor" text,
	"first_sync_done_at" timestamp with time zone,
	"posts_done" integer DEFAULT 0 NOT NULL,
	"posts_total" integer,
	"last_success_at" timestamp with time zone,
	"last_reconcile_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
