ALTER TABLE "authors" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "photo" jsonb;--> statement-breakpoint
CREATE INDEX "article_bylines_author_idx" ON "article_bylines" USING btree ("author_id","article_id");--> statement-breakpoint
CREATE INDEX "articles_author_published_idx" ON "articles" USING btree ("author_id","published_at","id");
