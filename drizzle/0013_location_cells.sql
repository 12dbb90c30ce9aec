-- Location privacy: one published point per grid cell from a server secret (docs/decisions/006-location-privacy.md).
-- The secret lives in app_secrets (migration 0014, src/server/db/secrets.ts).
-- 1: the published point is an old random draw; the app gives such items their cell's point at start.
ALTER TABLE "items" ADD COLUMN "location_version" smallint DEFAULT 1 NOT NULL;
