-- Nearest first by a planar index of the published points, in one statement (docs/decisions/031).
-- The GiST index of ll_to_earth() holds points in three dimensions and places them by how much a
-- page's box grows in volume; on the sphere's surface that choice degenerates as points crowd (at
-- ten million bench items one page at the centre of New York read 405 index pages for 13 rows,
-- decision 030). This index holds the same points as (longitude, latitude): PostgreSQL builds it
-- sorted and it stays compact. It carries what the list tests, so its walks are index-only.

-- The longitude/latitude box holding every point within `metres` of (lat, lng) on earthdistance's
-- sphere: the circle's angular radius in latitude, its widest longitude asin(sin r / cos lat); every
-- longitude when the circle nears a pole or crosses the antimeridian (a wider box, still exact).
-- A ten-millionth of a degree (a centimetre) of slack for rounding.
CREATE FUNCTION sphere_box(lat float8, lng float8, metres float8) RETURNS box
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  -- One expression (no FROM), so the planner inlines it rather than running an SQL function.
  RETURN CASE
    WHEN abs(lat) + degrees(metres / earth()) + 1e-7 >= 90
      OR abs(lng) + degrees(asin(least(1, sin(metres / earth()) / cos(radians(lat))))) + 1e-7 > 180
    THEN box(point(-180, greatest(-90, lat - degrees(metres / earth()) - 1e-7)),
             point(180, least(90, lat + degrees(metres / earth()) + 1e-7)))
    ELSE box(point(lng - degrees(asin(least(1, sin(metres / earth()) / cos(radians(lat))))) - 1e-7,
                   lat - degrees(metres / earth()) - 1e-7),
             point(lng + degrees(asin(least(1, sin(metres / earth()) / cos(radians(lat))))) + 1e-7,
                   lat + degrees(metres / earth()) + 1e-7))
  END;
--> statement-breakpoint
CREATE INDEX "items_location_point_gist" ON "items"
  USING gist (point(approx_longitude::float8, approx_latitude::float8))
  INCLUDE (id, user_id, type, approx_latitude, approx_longitude, expires_at, hidden_at)
  WHERE status = 'available' AND approx_latitude IS NOT NULL;
