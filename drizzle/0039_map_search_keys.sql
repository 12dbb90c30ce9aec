-- A search on the map (docs/decisions/033-map-search-keys.md). The map groups a search's matches in
-- the view at request time; it either tested every listed point of the view (its cost grows with
-- the view's density: 5.8 s p99 at ten million items for a neighbourhood) or read every match of the
-- word in the whole list through the search indexes. This index holds, for each item on the map, a
-- key "cell:word" for every word it may match through, with the cell of level 13 its published point
-- lies in (Web Mercator, about 5 km wide at the equator): a view is covered by a few such cells, and
-- the index reads only the items of those cells that hold one of the search's words. Every row it
-- gives is then tested exactly as the list tests it, so the keys need only be a superset:
--   - each word of the title and the description as written (lower case, split at every character
--     that is not a letter or digit): a one-word search is a substring test, and an occurrence of a
--     text of letters and digits lies inside one such word ("chair" in "armchairs");
--   - each tag, whole and in lower case (the tag test is equality with the text);
--   - each word of search_doc (the folded words, which synonyms, typos and completions match).
-- Words shorter than 3 characters get no key: a search that needs one reads as before.

-- The words of a title and a description as written: lower case, split at every run of characters
-- that are not letters or digits (empty strings where the text starts or ends with such a run).
CREATE FUNCTION words_as_written(title text, description text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN string_to_array(regexp_replace(lower(coalesce(title, '') || ' ' || coalesce(description, '')), '[^[:alnum:]]+', ' ', 'g'), ' ');--> statement-breakpoint

-- PL/pgSQL: an SQL function with a subquery is planned and started for each row it is called on,
-- five times the cost (190 µs a row on the bench's items against 38). GIN drops an item's repeated
-- keys itself. Its own search_path (this schema's): since PostgreSQL 17, ANALYZE, VACUUM and
-- REINDEX evaluate an index's expression with pg_catalog alone, where map_cell_x is not found.
CREATE FUNCTION map_search_keys(lat numeric, lng numeric, title text, description text, tags text[], doc tsvector)
  RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
  cell text;
BEGIN
  IF lat IS NULL OR lng IS NULL THEN
    RETURN NULL;
  END IF;
  cell := (map_cell_x(lng::float8, 13)::bigint * 8192 + map_cell_y(lat::float8, 13))::text || ':';
  RETURN ARRAY(SELECT cell || w FROM unnest(words_as_written(title, description) || lower_tags(tags) || tsvector_to_array(doc)) AS w
                WHERE length(w) >= 3);
END $$;--> statement-breakpoint

-- The words of titles and descriptions as written (as map_search_keys splits them), for a one-word
-- search to find the words that hold it ("chair": chair, chairs, armchair). Like search.vocabulary
-- it is derived from items, lives in schema search (backups neither carry nor empty it), and keeps
-- words no item uses any more: such a word only adds a key that matches nothing.
CREATE TABLE search.raw_words (word text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX raw_words_trgm_idx ON search.raw_words USING gin (word gin_trgm_ops);--> statement-breakpoint

CREATE FUNCTION search.raw_words_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($q$INSERT INTO search.raw_words (word)
    SELECT DISTINCT w FROM %s r, unnest(words_as_written(r.title, r.description)) AS w
     WHERE length(w) >= 3 ORDER BY w
    ON CONFLICT DO NOTHING$q$, source);--> statement-breakpoint

-- New words in one order (ORDER BY): two writers adding the same new words queue on the first one
-- instead of each waiting on the other.
CREATE FUNCTION search.raw_words_track() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE search.raw_words_sql('new_rows');
  ELSE
    EXECUTE search.raw_words_sql('(SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.title IS DISTINCT FROM o.title OR n.description IS DISTINCT FROM o.description)');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER items_raw_words_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search.raw_words_track();--> statement-breakpoint
CREATE TRIGGER items_raw_words_update AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search.raw_words_track();--> statement-breakpoint

-- Fills the words from the items (after a bulk load with items_raw_words_insert disabled).
CREATE FUNCTION search.rebuild_raw_words() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE search.raw_words_sql('items');
  ANALYZE search.raw_words;
END $$;--> statement-breakpoint

SELECT search.rebuild_raw_words();--> statement-breakpoint

CREATE INDEX "items_map_search_keys_idx" ON "items" USING gin (map_search_keys(approx_latitude, approx_longitude, title, description, tags, search_doc)) WHERE status = 'available' AND approx_latitude IS NOT NULL AND expires_at IS NOT NULL;
