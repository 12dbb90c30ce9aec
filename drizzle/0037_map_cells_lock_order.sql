-- The map's per-cell counts (docs/decisions/021-map-clusters.md) under concurrent writes: every
-- write of a place adds to one cell per level, and the coarse cells are shared by a whole region.
-- The triggers' statement upserted its cells in the order the grouping happened to give, so two
-- transactions could lock the same cells in opposite orders and wait on each other (a deadlock,
-- which PostgreSQL ends by failing one of them: a post, an edit or the expiry sweep lost). Now the
-- cells are upserted in one order, coarsest level first: a transaction that needs a region's cells
-- queues on the first one it shares, holding nothing the others need.
CREATE OR REPLACE FUNCTION item_map_cells_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($q$
    INSERT INTO item_map_cells AS c (level, x, y, count, sum_lat, sum_lng, sum_id)
    SELECT * FROM (%s) AS d ORDER BY d.level, d.x, d.y
    ON CONFLICT (level, x, y) DO UPDATE
      SET count = c.count + excluded.count, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng,
          sum_id = c.sum_id + excluded.sum_id
  $q$, item_map_cells_delta_sql(source));
