-- Extensions the schema and its indexes rely on: earthdistance (on cube) for nearest-first by a
-- GiST index on ll_to_earth(latitude, longitude), pg_trgm for substring search by GIN indexes.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
