-- The page total of a nearest-first list counts listed items with a place: an index of exactly
-- those rows lets that capped count be an index-only scan (docs/performance.md).
CREATE INDEX "items_available_located_expires_idx" ON "items" (expires_at) WHERE status = 'available' AND approx_latitude IS NOT NULL;
