-- The Map view (docs/decisions/021-map-clusters.md): the per-cell counts now reach level 21, the
-- clusters of map zoom 19, the map's deepest. Before, levels 18 and deeper (zoom 16 to 19: a few
-- streets) were grouped at request time from the items of the view, a cost that grows with the items
-- there: the street view's p99 grew 1.9 times from 100,000 to 1,000,000 items (docs/performance.md,
-- "The cost curve"). Now every view without a filter reads at most its own cells. The four levels
-- add about 3.5 rows per listed item with a place (most street cells hold one item): 2.1 million
-- rows became 5.6 million at a million bench items, about 330 MB more, and this migration's rebuild
-- took 57 s there. A level-21 cell is about 19 m wide at the equator; points are placed once, in it.
CREATE OR REPLACE FUNCTION item_map_cells_sql(source text) RETURNS text
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
    INSERT INTO item_map_cells AS c (level, x, y, count, sum_lat, sum_lng, sum_id)
    SELECT level, x, y, n, slat, slng, sid FROM per_cell
    ON CONFLICT (level, x, y) DO UPDATE
      SET count = c.count + excluded.count, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng,
          sum_id = c.sum_id + excluded.sum_id
  $q$, source);--> statement-breakpoint

SELECT rebuild_item_map_cells();
