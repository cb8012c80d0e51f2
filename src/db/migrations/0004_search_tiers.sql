ALTER TABLE "articles" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('piquante_fr'::regconfig, piquante_normalize(title))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "subtitle_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('piquante_fr'::regconfig, piquante_normalize(subtitle))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_title_search_idx" ON "articles" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "articles_subtitle_search_idx" ON "articles" USING gin ("subtitle_vector");--> statement-breakpoint
CREATE INDEX "articles_title_fold_idx" ON "articles" USING btree (piquante_fold("title"));