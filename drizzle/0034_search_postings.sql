-- Search by words in time order (docs/decisions/029-word-postings.md): one row per word of an item
-- (each lexeme of its search_doc), with the item's created_at, in a B-tree ordered by word, then
-- newest first. A search walks the postings of its rarest word newest first and tests each item it
-- meets, so a page costs the rows it walks, not the length of every word's list as the GIN index's
-- bitmap AND does (which grows with the item count). `title_or_tags`: the word is in the title or
-- the tags (weights A or B), what the best-match tiers ask for.
--
-- Derived from items like the vocabulary (migration 0025): it lives in schema search, so backups
-- neither carry nor empty it; the triggers below keep it, and refill it as a restore loads the items.
CREATE TABLE search.postings (
  word text NOT NULL,
  created_at timestamptz NOT NULL,
  item_id integer NOT NULL,
  title_or_tags boolean NOT NULL
);--> statement-breakpoint
CREATE INDEX postings_walk_idx ON search.postings (word, created_at DESC, item_id DESC) INCLUDE (title_or_tags);--> statement-breakpoint

-- The postings of a set of item rows (a trigger's transition table, or items itself).
CREATE FUNCTION search.postings_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($q$SELECT u.lexeme, r.created_at, r.id, u.weights && '{A,B}'::text[]
    FROM %s r, unnest(r.search_doc) AS u WHERE r.search_doc IS NOT NULL$q$, source);--> statement-breakpoint

CREATE FUNCTION search.postings_track() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE 'INSERT INTO search.postings (word, created_at, item_id, title_or_tags) ' || search.postings_sql('new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    -- Each posting by its whole key (word, created_at, item_id): one probe of the walk index.
    DELETE FROM search.postings p USING old_rows o, unnest(o.search_doc) AS u
     WHERE p.word = u.lexeme AND p.created_at = o.created_at AND p.item_id = o.id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates (status, promise, expiry) change neither the words nor the time: nothing to do.
    DELETE FROM search.postings p USING old_rows o JOIN new_rows n ON n.id = o.id, unnest(o.search_doc) AS u
     WHERE (n.search_doc IS DISTINCT FROM o.search_doc OR n.created_at IS DISTINCT FROM o.created_at)
       AND p.word = u.lexeme AND p.created_at = o.created_at AND p.item_id = o.id;
    EXECUTE 'INSERT INTO search.postings (word, created_at, item_id, title_or_tags) ' || search.postings_sql(
      '(SELECT n.* FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE n.search_doc IS DISTINCT FROM o.search_doc OR n.created_at IS DISTINCT FROM o.created_at)');
  ELSE -- TRUNCATE
    TRUNCATE search.postings;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER items_postings_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search.postings_track();--> statement-breakpoint
CREATE TRIGGER items_postings_update AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search.postings_track();--> statement-breakpoint
CREATE TRIGGER items_postings_delete AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search.postings_track();--> statement-breakpoint
CREATE TRIGGER items_postings_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION search.postings_track();--> statement-breakpoint

-- Fills the postings again from the items (after a bulk load with items_postings_insert disabled):
-- the index is dropped and built once after the rows are in, far faster than row by row.
CREATE FUNCTION search.rebuild_postings() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE search.postings IN EXCLUSIVE MODE;
  TRUNCATE search.postings;
  DROP INDEX IF EXISTS search.postings_walk_idx;
  EXECUTE 'INSERT INTO search.postings (word, created_at, item_id, title_or_tags) ' || search.postings_sql('items');
  CREATE INDEX postings_walk_idx ON search.postings (word, created_at DESC, item_id DESC) INCLUDE (title_or_tags);
  ANALYZE search.postings;
END $$;--> statement-breakpoint

SELECT search.rebuild_postings();
