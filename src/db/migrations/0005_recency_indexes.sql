DROP INDEX "articles_published_idx";--> statement-breakpoint
DROP INDEX "articles_category_published_idx";--> statement-breakpoint
DROP INDEX "format_contests_published_idx";--> statement-breakpoint
DROP INDEX "instagram_posts_posted_idx";--> statement-breakpoint
DROP INDEX "mosaics_published_idx";--> statement-breakpoint
DROP INDEX "quizzes_published_idx";--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "articles_category_published_idx" ON "articles" USING btree ("category_id","published_at","id");--> statement-breakpoint
CREATE INDEX "format_contests_published_idx" ON "format_contests" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "instagram_posts_posted_idx" ON "instagram_posts" USING btree ("posted_at","id");--> statement-breakpoint
CREATE INDEX "mosaics_published_idx" ON "mosaics" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "quizzes_published_idx" ON "quizzes" USING btree ("published_at","id");