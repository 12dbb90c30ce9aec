-- Location privacy: items publish an approximate point (docs/decisions/006-location-privacy.md).
ALTER TABLE "items" ADD COLUMN "approx_latitude" numeric(10, 8);--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "approx_longitude" numeric(11, 8);--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "exact_location" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing items get their approximate point now: 200 to 500 m away in a random direction.
UPDATE "items" AS i SET "approx_latitude" = r.alat::numeric(10, 8), "approx_longitude" = r.alng::numeric(11, 8)
FROM (
  SELECT id,
    least(90, greatest(-90, lat + d * cos(b) / 111320)) AS alat,
    CASE WHEN lng2 > 180 THEN lng2 - 360 WHEN lng2 < -180 THEN lng2 + 360 ELSE lng2 END AS alng
  FROM (
    SELECT id, lat, d, b, lng + d * sin(b) / (111320 * greatest(cos(radians(lat)), 0.01)) AS lng2
    FROM (
      SELECT id, latitude::float8 AS lat, longitude::float8 AS lng, 200 + random() * 300 AS d, random() * 2 * pi() AS b
      FROM "items" WHERE latitude IS NOT NULL
    ) AS s
  ) AS t
) AS r
WHERE r.id = i.id;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_approx_pair" CHECK (("items"."approx_latitude" is null) = ("items"."latitude" is null) and ("items"."approx_longitude" is null) = ("items"."latitude" is null));--> statement-breakpoint
-- Nearest first now orders by the published point.
DROP INDEX IF EXISTS "items_location_gist";--> statement-breakpoint
CREATE INDEX "items_location_gist" ON "items"
  USING gist (ll_to_earth(approx_latitude::float8, approx_longitude::float8))
  WHERE status = 'available' AND approx_latitude IS NOT NULL;
