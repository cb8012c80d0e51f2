-- The title vocabulary for typo correction, kept up to date by the database itself.
CREATE FUNCTION piquante_title_words(title text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  BEGIN ATOMIC
    SELECT DISTINCT word FROM regexp_split_to_table(piquante_fold(title), '[^[:alnum:]]+') AS word
      WHERE length(word) >= 3;
  END;
--> statement-breakpoint
CREATE FUNCTION piquante_add_title_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (word)
    SELECT piquante_title_words(NEW.title)
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER articles_title_words
  AFTER INSERT OR UPDATE OF title ON articles
  FOR EACH ROW EXECUTE FUNCTION piquante_add_title_words();
--> statement-breakpoint
INSERT INTO search_lexicon (word)
  SELECT DISTINCT piquante_title_words(title) FROM articles
  ON CONFLICT DO NOTHING;
