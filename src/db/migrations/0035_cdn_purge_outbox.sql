CREATE TABLE "cdn_purge_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cdn_purge_tags_seq_idx" ON "cdn_purge_tags" USING btree ("seq");
