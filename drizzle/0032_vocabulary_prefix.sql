-- The known words a search's last word starts (features/items/search-words.ts, completionsOf): a range
-- of the vocabulary in byte order, whatever the database's collation (under en_US, "ja{" sorts
-- before "jazz", so the range of "jaz" would miss it).
CREATE INDEX IF NOT EXISTS vocabulary_c_idx ON search.vocabulary (word COLLATE "C");
