-- Nearest first by a planar index of the published points (docs/decisions/030-nearest-by-planar-index.md).
-- The GiST index of ll_to_earth() (a cube: a point in three dimensions) chooses where a point goes by
-- how much a page's box grows in volume. Points on the sphere's surface make nearly flat boxes,
-- whose volume barely grows in two of their three directions, so the choice degenerates as the
-- points crowd: at ten million bench items one nearest-first page in New York read 405 pages of
-- that index (13 rows). This index holds the same points as longitude and latitude, where a box's
-- growth is measured by its area and perimeter, and it is built sorted: the same page read
-- 20. Its order (degrees) is not the sphere's, so it finds candidates and a bound; the page itself
-- is sorted by the great-circle distance (repository.ts, nearestPage).
CREATE INDEX "items_location_point_gist" ON "items"
  USING gist (point(approx_longitude::float8, approx_latitude::float8))
  WHERE status = 'available' AND approx_latitude IS NOT NULL;
