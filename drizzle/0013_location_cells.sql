-- Location privacy: one published point per grid cell from a server secret (docs/decisions/006-location-privacy.md).
-- Values made once and shared by every app process on this database (the location secret).
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);--> statement-breakpoint
-- 1: the published point is an old random draw; the app gives such items their cell's point at start.
ALTER TABLE "items" ADD COLUMN "location_version" smallint DEFAULT 1 NOT NULL;
