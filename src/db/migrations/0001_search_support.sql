-- French search support, identical on PGlite and PostgreSQL (15+).
-- unaccent and pg_trgm are trusted extensions: no superuser needed.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- French stemming after accent folding: 'Élégance' and 'elegance' meet; 'été' is no longer a stop word.
CREATE TEXT SEARCH CONFIGURATION piquante_fr (COPY = pg_catalog.french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION piquante_fr
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
--> statement-breakpoint
-- Typographic apostrophes become plain ones so that elisions (l’été, d’automne) split the same way.
CREATE FUNCTION piquante_normalize(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN translate(input, '’ʼ‘', '''''''');
--> statement-breakpoint
-- Plain text of an article body (jsonb blocks of {type, text}).
CREATE FUNCTION piquante_body_text(body jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (SELECT coalesce(string_agg(block->>'text', ' '), '') FROM jsonb_array_elements(body) AS block);
--> statement-breakpoint
-- Lower-cased, accent-free text for trigram similarity (typo tolerance). unaccent() itself is only
-- STABLE; naming the dictionary makes this wrapper safe to index.
CREATE FUNCTION piquante_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(unaccent('unaccent'::regdictionary, piquante_normalize(input)));
