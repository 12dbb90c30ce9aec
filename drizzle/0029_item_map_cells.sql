-- The Map view's clusters (issue 14, docs/decisions/021-map-clusters.md): per-cell counts of the
-- listed items' PUBLISHED points, for the grid levels 2 to 17 of the Web Mercator tiles (a level-g
-- cell is a tile of zoom g: the clusters of map zoom z are the cells of level z + 2, 64 px wide).
-- Kept up to date by statement-level triggers with transition tables (one aggregation per statement,
-- so a bulk insert of a million rows costs one grouped pass, not a million row triggers).

-- The cell of a point at a level (Web Mercator, latitudes clamped to the projection's ±85.0511°).
CREATE FUNCTION map_cell_x(lng float8, level int) RETURNS int
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN least(greatest(floor((lng + 180.0) / 360.0 * (1 << level))::int, 0), (1 << level) - 1);--> statement-breakpoint
CREATE FUNCTION map_cell_y(lat float8, level int) RETURNS int
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN least(greatest(floor((1.0 - asinh(tan(radians(least(greatest(lat, -85.0511287798), 85.0511287798)))) / pi()) / 2.0
    * (1 << level))::int, 0), (1 << level) - 1);--> statement-breakpoint

-- "Counts on the map": THE one definition of the items the per-cell counts hold (listed as the
-- list's rule has it, with a published point), apart from the expiry, which time alone changes and
-- no trigger sees: requests subtract the items past their expiry that the hourly sweep has not
-- marked yet (features/items/map-repository.ts). Every map query and the triggers call this; a
-- change here needs `SELECT rebuild_item_map_cells()` in the same migration.
CREATE FUNCTION item_on_map(i items) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN i.status = 'available' AND i.approx_latitude IS NOT NULL AND i.expires_at IS NOT NULL;--> statement-breakpoint

CREATE TABLE "item_map_cells" (
	"level" smallint NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"count" integer NOT NULL,
	"sum_lat" double precision NOT NULL,
	"sum_lng" double precision NOT NULL,
	CONSTRAINT "item_map_cells_level_x_y_pk" PRIMARY KEY("level","x","y")
);--> statement-breakpoint
-- The cells a statement just emptied, for the trigger to delete without reading the table.
CREATE INDEX "item_map_cells_empty_idx" ON "item_map_cells" USING btree ("level") WHERE "item_map_cells"."count" <= 0;--> statement-breakpoint

-- The statement that adds (sign 1) or removes (sign -1) the points of the rows `source` (a query of
-- lat, lng, sign) to every level's cell. The points are placed once, in their level-17 cell, and
-- summed there; a coarser level's cell is that cell's x and y shifted right (the grid's cells nest),
-- so the projection runs once a row, not once a row and level. The trigger EXECUTEs the statement
-- itself: its transition tables are visible to its own statements only, not to a function it calls.
CREATE FUNCTION item_map_cells_sql(source text) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN format($q$
    WITH delta AS (%s),
    finest AS (
      SELECT map_cell_x(d.lng, 17) AS x, map_cell_y(d.lat, 17) AS y,
             sum(d.sign) AS n, sum(d.sign * d.lat) AS slat, sum(d.sign * d.lng) AS slng
        FROM delta d
       GROUP BY 1, 2
    ),
    per_cell AS (
      SELECT l.level::smallint AS level, f.x >> (17 - l.level) AS x, f.y >> (17 - l.level) AS y,
             sum(f.n)::int AS n, sum(f.slat) AS slat, sum(f.slng) AS slng
        FROM finest f CROSS JOIN generate_series(2, 17) AS l(level)
       GROUP BY 1, 2, 3
      HAVING sum(f.n) <> 0 OR sum(f.slat) <> 0 OR sum(f.slng) <> 0
    )
    INSERT INTO item_map_cells AS c (level, x, y, count, sum_lat, sum_lng)
    SELECT level, x, y, n, slat, slng FROM per_cell
    ON CONFLICT (level, x, y) DO UPDATE
      SET count = c.count + excluded.count, sum_lat = c.sum_lat + excluded.sum_lat, sum_lng = c.sum_lng + excluded.sum_lng
  $q$, source);--> statement-breakpoint

CREATE FUNCTION item_map_cells_track() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE item_map_cells_sql($s$SELECT approx_latitude::float8 AS lat, approx_longitude::float8 AS lng, 1 AS sign
      FROM new_rows n WHERE item_on_map(n)$s$);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE item_map_cells_sql($s$SELECT approx_latitude::float8 AS lat, approx_longitude::float8 AS lng, -1 AS sign
      FROM old_rows o WHERE item_on_map(o)$s$);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE item_map_cells_sql($s$SELECT approx_latitude::float8 AS lat, approx_longitude::float8 AS lng, 1 AS sign
      FROM new_rows n WHERE item_on_map(n)
      UNION ALL SELECT approx_latitude::float8, approx_longitude::float8, -1 FROM old_rows o WHERE item_on_map(o)$s$);
  ELSE -- TRUNCATE
    TRUNCATE item_map_cells;
  END IF;
  -- Cells left empty (found by their partial index, empty itself but for this moment).
  DELETE FROM item_map_cells WHERE count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER item_map_cells_insert AFTER INSERT ON items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_map_cells_track();--> statement-breakpoint
CREATE TRIGGER item_map_cells_update AFTER UPDATE ON items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_map_cells_track();--> statement-breakpoint
CREATE TRIGGER item_map_cells_delete AFTER DELETE ON items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION item_map_cells_track();--> statement-breakpoint
CREATE TRIGGER item_map_cells_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION item_map_cells_track();--> statement-breakpoint

-- Counts everything again from the items (after a bulk load with the triggers disabled, or a change
-- of item_on_map). Holds a lock on the cells so no write's delta lands between the two steps.
CREATE FUNCTION rebuild_item_map_cells() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE item_map_cells IN EXCLUSIVE MODE;
  DELETE FROM item_map_cells;
  EXECUTE item_map_cells_sql($s$SELECT i.approx_latitude::float8 AS lat, i.approx_longitude::float8 AS lng, 1 AS sign
    FROM items i WHERE item_on_map(i)$s$);
END $$;--> statement-breakpoint

SELECT rebuild_item_map_cells();
