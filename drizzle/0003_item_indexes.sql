-- Indexes that keep item lists fast at a million rows (docs/decisions/004-item-lists-at-scale.md).

-- Tags match the search text in any letter case: index the lower-cased array.
CREATE OR REPLACE FUNCTION lower_tags(text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(t)), '{}'::text[]) FROM unnest($1) AS t $$;--> statement-breakpoint

-- Nearest first: k-nearest-neighbour scan (ORDER BY ... <-> point) over listed items with a place.
CREATE INDEX items_location_gist ON items
  USING gist (ll_to_earth(latitude::float8, longitude::float8))
  WHERE status = 'available' AND latitude IS NOT NULL;--> statement-breakpoint

-- Newest first over listed items, and the expiry sweep.
CREATE INDEX items_available_created_idx ON items (created_at DESC, id DESC) WHERE status = 'available';--> statement-breakpoint
CREATE INDEX items_available_expires_idx ON items (expires_at) WHERE status = 'available';--> statement-breakpoint

-- Substring search (ILIKE '%text%') on title and description, and tag equality.
CREATE INDEX items_title_trgm_idx ON items USING gin (title gin_trgm_ops);--> statement-breakpoint
CREATE INDEX items_description_trgm_idx ON items USING gin (description gin_trgm_ops);--> statement-breakpoint
CREATE INDEX items_tags_lower_idx ON items USING gin (lower_tags(tags));
