-- Search by words (docs/decisions/022-search-by-words.md). Beside the substring rule of migration
-- 0003 (ILIKE on title and description, tag equality), which stays, an item matches a search when
-- each of its words is one of the item's words in any order, after the same light normalisation
-- on both sides: lower case, accents dropped, other signs made spaces, and plural/word-form endings
-- folded (search_words below; features/items/search-words.ts is the same rule in TypeScript, a
-- test keeps the two equal). The words are kept as a tsvector with the `simple` configuration
-- (no dictionary: PGlite and PostgreSQL 15 answer alike), weighted A title, B tags, C description
-- for ranking, and served by a GIN index. Small typos are found by a vocabulary of the words items
-- use (search.vocabulary, kept by triggers) with a trigram index: a query word that is close to a
-- known word (pg_trgm similarity) also searches that word.
CREATE OR REPLACE FUNCTION search_words(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    lower(translate($1, 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇÝáàâäãåéèêëíìîïóòôöõúùûüñçýÿ', 'aaaaaaeeeeiiiiooooouuuuncyaaaaaaeeeeiiiiooooouuuuncyy')),
    '[^a-z0-9]+', ' ', 'g'),
    '([a-z0-9]{2}[a-rt-z0-9])s\M', '\1', 'g'),
    '([a-z0-9]{3})e\M', '\1', 'g'),
    '([a-z0-9]{2})y\M', '\1i', 'g'),
    '([a-z0-9]{2})z\M', '\1c', 'g') $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_document(title text, description text, tags text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('simple'::regconfig, coalesce(search_words(title), '')), 'A')
    || setweight(to_tsvector('simple'::regconfig, coalesce(search_words(array_to_string(tags, ' ')), '')), 'B')
    || setweight(to_tsvector('simple'::regconfig, coalesce(search_words(description), '')), 'C') $$;--> statement-breakpoint
-- A stored generated column rewrites the table once (the backfill; about a minute at a million rows).
ALTER TABLE "items" ADD COLUMN "search_doc" tsvector GENERATED ALWAYS AS (search_document(title, description, tags)) STORED;--> statement-breakpoint
CREATE INDEX "items_search_doc_idx" ON "items" USING gin ("search_doc");--> statement-breakpoint
-- The vocabulary lives outside schema public: it is derived from items (the triggers refill it when
-- a backup is restored), so backups neither carry nor truncate it. Words are never removed: a word
-- no item uses any more only widens a typo search that then matches nothing through it.
CREATE SCHEMA IF NOT EXISTS search;--> statement-breakpoint
CREATE TABLE search.vocabulary (word text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX vocabulary_trgm_idx ON search.vocabulary USING gin (word gin_trgm_ops);--> statement-breakpoint
-- The known words closest to a typed word (search-words.ts). Planned with sequential scans off: the
-- trigram index answers `%` in well under a millisecond, but without statistics (PGlite runs no
-- autovacuum) the planner may price reading every word lower.
CREATE OR REPLACE FUNCTION search.closest_words(typed text, min_similarity real, how_many int) RETURNS SETOF text
  LANGUAGE sql STABLE PARALLEL SAFE SET enable_seqscan = off
  AS $$ SELECT v.word FROM search.vocabulary v
         WHERE v.word % typed AND v.word <> typed AND similarity(v.word, typed) >= min_similarity
         ORDER BY similarity(v.word, typed) DESC, v.word LIMIT how_many $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search.add_inserted_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search.vocabulary (word)
    SELECT DISTINCT w FROM new_rows n, unnest(tsvector_to_array(n.search_doc)) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search.add_updated_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search.vocabulary (word)
    SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(tsvector_to_array(n.search_doc)) AS w
     WHERE n.search_doc IS DISTINCT FROM o.search_doc
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER items_search_words_inserted AFTER INSERT ON items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search.add_inserted_words();--> statement-breakpoint
CREATE TRIGGER items_search_words_updated AFTER UPDATE ON items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search.add_updated_words();--> statement-breakpoint
INSERT INTO search.vocabulary (word)
  SELECT DISTINCT w FROM items, unnest(tsvector_to_array(search_doc)) AS w ON CONFLICT DO NOTHING;
