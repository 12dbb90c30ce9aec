-- Location privacy: one published point per grid cell from a server secret (docs/decisions/006-location-privacy.md);
-- and who uploaded each image (an item shows only its poster's own uploads).
-- Values made once and shared by every app process on this database (the location secret).
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);--> statement-breakpoint
-- 1: the published point is an old random draw; the app gives such items their cell's point at start.
ALTER TABLE "items" ADD COLUMN "location_version" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Who uploaded each stored image: an item may show only its poster's own uploads. Images stored
-- before this migration have no row, so a new item needs a new upload of them.
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "uploads" USING btree ("user_id");
