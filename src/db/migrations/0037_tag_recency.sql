-- A tag page reads 12 entries of one index whatever the tag and the archive's size (issue 38): each tag row
-- carries its article's published_at (NULL while the article is not published, i.e. has no reader's copy in
-- `articles`), kept exact by the triggers below on both tables, so that every write path (newsroom,
-- scheduler, import, live sources, backup restore, seed) keeps it without knowing it exists.
ALTER TABLE "article_tags" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
UPDATE "article_tags" t SET "published_at" = a."published_at" FROM "articles" a WHERE a."id" = t."article_id";--> statement-breakpoint
CREATE INDEX "article_tags_tag_published_idx" ON "article_tags" USING btree ("tag_id", "published_at" DESC, "article_id" DESC) WHERE "published_at" IS NOT NULL;--> statement-breakpoint
-- A tag row always reads its published_at from the reader's copy: a value written by hand is overwritten.
CREATE FUNCTION piquante_article_tag_published_at() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.published_at := (SELECT a.published_at FROM articles a WHERE a.id = NEW.article_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER article_tags_published_at
  BEFORE INSERT OR UPDATE ON article_tags
  FOR EACH ROW EXECUTE FUNCTION piquante_article_tag_published_at();--> statement-breakpoint
-- Publishing, rescheduling, unpublishing or deleting the reader's copy moves its tag rows along. The rows are
-- touched only when their value changes; the BEFORE trigger above reads the copy again (visible to an AFTER
-- trigger, gone after a DELETE), so both sides agree on one rule.
CREATE FUNCTION piquante_article_tags_follow() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.id <> NEW.id) THEN
    UPDATE article_tags SET published_at = NULL WHERE article_id = OLD.id AND published_at IS NOT NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  UPDATE article_tags SET published_at = NEW.published_at
    WHERE article_id = NEW.id AND published_at IS DISTINCT FROM NEW.published_at;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_tags_published_at
  AFTER INSERT OR DELETE OR UPDATE OF id, published_at ON articles
  FOR EACH ROW EXECUTE FUNCTION piquante_article_tags_follow();--> statement-breakpoint
-- TRUNCATE fires no row trigger: every tag row leaves the readers' side at once.
CREATE FUNCTION piquante_article_tags_truncated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_tags SET published_at = NULL WHERE published_at IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER articles_truncated_tags
  AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION piquante_article_tags_truncated();
