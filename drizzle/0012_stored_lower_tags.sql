-- Tag filters and search compare lower-cased tags. A list page walks its order (newest first,
-- nearest first) and tests each row it passes: calling lower_tags(tags) there cost about 10
-- microseconds a row (a SQL function with an aggregate is never inlined), 5 of the 6 ms of a tag
-- page at a million items. A stored copy makes that test an array comparison. The GIN index stays
-- on lower_tags(tags), which the counts read (features/items/repository.ts, docs/performance.md).
-- Adding a stored generated column rewrites the table once (about a minute at a million rows).
ALTER TABLE "items" ADD COLUMN "tags_lower" text[] GENERATED ALWAYS AS (lower_tags(tags)) STORED;
