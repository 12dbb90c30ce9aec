-- The Map view (docs/decisions/021-map-clusters.md): each cell also keeps the sum of its items' ids.
-- A cell of one item answers that item by its sum_id, so a map request no longer looks up the item
-- of each one-item cell in the GiST index (up to 300 probes a request: 2.4 of a city view's 4 ms at a
-- million items). Sums, not a list: a write adds or subtracts its ids as it does its points.
ALTER TABLE "item_map_cells" ADD COLUMN "sum_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint

CREATE OR REPLACE FUNCTION item_map_cells_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($q$
    WITH delta AS (%s),
    finest AS (
      SELECT map_cell_x(d.lng, 17) AS x, map_cell_y(d.lat, 17) AS y,
             sum(d.sign) AS n, sum(d.sign * d.lat) AS slat, sum(d.sign * d.lng) AS slng, sum(d.sign * d.id::bigint) AS sid
        FROM delta d
       GROUP BY 1, 2
    ),
    per_cell AS (
      SELECT l.level::smallint AS level, f.x >> (17 - l.level) AS x, f.y >> (17 - l.level) AS y,
             sum(f.n)::int AS n, sum(f.slat) AS slat, sum(f.slng) AS slng, sum(f.sid)::bigint AS sid
        FROM finest f CROSS JOIN generate_series(2, 17) AS l(level)
       GROUP BY 1, 2, 3
      HAVING sum(f.n) <> 0 OR sum(f.slat) <> 0 OR sum(f.slng) <> 0 OR sum(f.sid) <> 0
    )
    INSERT INTO item_map_cells AS c (level, x, y, count, sum_lat, sum_lng, sum_id)
    SELECT level, x, y, n, slat, slng, sid FROM per_cell
    ON CONFLICT (level, x, y) DO UPDATE
      SET count = c.count + excluded.count, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng,
          sum_id = c.sum_id + excluded.sum_id
  $q$, source);--> statement-breakpoint

CREATE OR REPLACE FUNCTION item_map_cells_track() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE item_map_cells_sql($s$SELECT approx_latitude::float8 AS lat, approx_longitude::float8 AS lng, id, 1 AS sign
      FROM new_rows n WHERE item_on_map(n)$s$);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE item_map_cells_sql($s$SELECT approx_latitude::float8 AS lat, approx_longitude::float8 AS lng, id, -1 AS sign
      FROM old_rows o WHERE item_on_map(o)$s$);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE item_map_cells_sql($s$SELECT approx_latitude::float8 AS lat, approx_longitude::float8 AS lng, id, 1 AS sign
      FROM new_rows n WHERE item_on_map(n)
      UNION ALL SELECT approx_latitude::float8, approx_longitude::float8, id, -1 FROM old_rows o WHERE item_on_map(o)$s$);
  ELSE -- TRUNCATE
    TRUNCATE item_map_cells;
  END IF;
  -- Cells left empty (found by their partial index, empty itself but for this moment).
  DELETE FROM item_map_cells WHERE count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rebuild_item_map_cells() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE item_map_cells IN EXCLUSIVE MODE;
  DELETE FROM item_map_cells;
  EXECUTE item_map_cells_sql($s$SELECT i.approx_latitude::float8 AS lat, i.approx_longitude::float8 AS lng, i.id, 1 AS sign
    FROM items i WHERE item_on_map(i)$s$);
END $$;--> statement-breakpoint

SELECT rebuild_item_map_cells();
