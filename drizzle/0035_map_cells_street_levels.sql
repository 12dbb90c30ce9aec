-- The Map view (docs/decisions/021-map-clusters.md): the per-cell counts now reach level 21, the
-- clusters of map zoom 19, the map's deepest. Before, levels 18 and deeper (zoom 16 to 19: a few
-- streets) were grouped at request time from the items of the view, a cost that grows with the items
-- there: the street view's p99 grew 1.9 times from 100,000 to 1,000,000 items (docs/performance.md,
-- "The cost curve"). Now every view without a filter reads at most its own cells. The four levels
-- add about 3.5 rows per listed item with a place (most street cells hold one item): 2.1 million
-- rows became 5.6 million at a million bench items, about 330 MB more. A level-21 cell is about
-- 19 m wide at the equator; points are placed once, in it.

-- The cells' sums of the rows `source` (a query of lat, lng, id, sign) at every level, one row a
-- cell: what the triggers add to the table and what a rebuild fills it with.
CREATE FUNCTION item_map_cells_delta_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($q$
    WITH delta AS (%s),
    finest AS (
      SELECT map_cell_x(d.lng, 21) AS x, map_cell_y(d.lat, 21) AS y,
             sum(d.sign) AS n, sum(d.sign * d.lat) AS slat, sum(d.sign * d.lng) AS slng, sum(d.sign * d.id::bigint) AS sid
        FROM delta d
       GROUP BY 1, 2
    ),
    per_cell AS (
      SELECT l.level::smallint AS level, f.x >> (21 - l.level) AS x, f.y >> (21 - l.level) AS y,
             sum(f.n)::int AS n, sum(f.slat) AS slat, sum(f.slng) AS slng, sum(f.sid)::bigint AS sid
        FROM finest f CROSS JOIN generate_series(2, 21) AS l(level)
       GROUP BY 1, 2, 3
      HAVING sum(f.n) <> 0 OR sum(f.slat) <> 0 OR sum(f.slng) <> 0 OR sum(f.sid) <> 0
    )
    SELECT level, x, y, n, slat, slng, sid FROM per_cell
  $q$, source);--> statement-breakpoint

-- The triggers' statement (migration 0033): the deltas added to the cells they touch.
CREATE OR REPLACE FUNCTION item_map_cells_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($q$
    INSERT INTO item_map_cells AS c (level, x, y, count, sum_lat, sum_lng, sum_id)
    %s
    ON CONFLICT (level, x, y) DO UPDATE
      SET count = c.count + excluded.count, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng,
          sum_id = c.sum_id + excluded.sum_id
  $q$, item_map_cells_delta_sql(source));--> statement-breakpoint

-- Counts everything again. Until now it deleted the rows and upserted every cell through the primary
-- key: at ten million items (about 55 million cells) that took 10 minutes. Now it empties the table,
-- inserts the cells without the key (each cell is one row of the grouping) and builds the key after:
-- 178 s at ten million bench items, on a machine running tests beside it.
-- The table is locked against readers meanwhile: it runs in migrations and after bulk loads.
CREATE OR REPLACE FUNCTION rebuild_item_map_cells() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE item_map_cells IN ACCESS EXCLUSIVE MODE;
  TRUNCATE item_map_cells;
  ALTER TABLE item_map_cells DROP CONSTRAINT item_map_cells_level_x_y_pk;
  EXECUTE 'INSERT INTO item_map_cells (level, x, y, count, sum_lat, sum_lng, sum_id) ' || item_map_cells_delta_sql(
    $s$SELECT i.approx_latitude::float8 AS lat, i.approx_longitude::float8 AS lng, i.id, 1 AS sign FROM items i WHERE item_on_map(i)$s$);
  ALTER TABLE item_map_cells ADD CONSTRAINT item_map_cells_level_x_y_pk PRIMARY KEY (level, x, y);
  ANALYZE item_map_cells;
END $$;--> statement-breakpoint

SELECT rebuild_item_map_cells();
