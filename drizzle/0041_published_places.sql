-- The points each account's items have published (docs/decisions/006): a new or moved item of the
-- account publishes one of them again when it is 200–700 m from its place
-- (features/items/published-point.ts). Published points only, kept when items are deleted. Filled
-- from the items' published points now; items still on the old random draw (location_version 1)
-- add theirs when the start gives them their cell's point (republishOldPoints).
CREATE TABLE "published_places" (
	"user_id" integer NOT NULL,
	"approx_latitude" numeric(7, 5) NOT NULL,
	"approx_longitude" numeric(8, 5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_places_user_id_approx_latitude_approx_longitude_pk" PRIMARY KEY("user_id","approx_latitude","approx_longitude")
);
--> statement-breakpoint
ALTER TABLE "published_places" ADD CONSTRAINT "published_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "published_places" ("user_id", "approx_latitude", "approx_longitude", "created_at")
SELECT "user_id", round("approx_latitude", 5), round("approx_longitude", 5), min("created_at") FROM "items"
WHERE NOT "exact_location" AND "approx_latitude" IS NOT NULL AND "location_version" = 2
GROUP BY 1, 2, 3;
