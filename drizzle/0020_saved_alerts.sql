-- Saved alerts (docs/decisions/016-saved-alerts.md): a saved search whose owner hears of new items
-- that match it. Matching runs when an item is posted, for that one item, and is served by three
-- partial indexes, one per kind of alert, so it never reads every alert.

-- The one key of an alert's text that its text-only index holds: the greatest of the lower-cased
-- text's 3-character pieces (the whole text when shorter). An item whose title, description or a
-- tag contains the text (in any letter case, as the list search matches it) contains every piece
-- of it, this one too, so the item's pieces (alert_text_keys) find every candidate; the search rule
-- itself is then tested on those few. The greatest piece skips the spaces that many pieces share.
CREATE OR REPLACE FUNCTION alert_text_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT max(substr(l.s, i, 3)) FROM (SELECT lower($1) AS s) AS l, generate_series(1, greatest(1, length(l.s) - 2)) AS i $$;--> statement-breakpoint

-- Every distinct 1- to 3-character piece of the lower-cased text: what an item offers alert_text_key.
CREATE OR REPLACE FUNCTION alert_text_keys(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT substr(l.s, i, n)), '{}'::text[])
        FROM (SELECT lower($1) AS s) AS l, generate_series(1, 3) AS n, generate_series(1, length(l.s) - n + 1) AS i $$;--> statement-breakpoint

CREATE TABLE "saved_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"query" text,
	"tag" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius_m" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_alerts_place" CHECK (("saved_alerts"."latitude" is null) = ("saved_alerts"."longitude" is null) and ("saved_alerts"."latitude" is null) = ("saved_alerts"."radius_m" is null)),
	CONSTRAINT "saved_alerts_latitude_range" CHECK ("saved_alerts"."latitude" between -90 and 90),
	CONSTRAINT "saved_alerts_longitude_range" CHECK ("saved_alerts"."longitude" between -180 and 180),
	CONSTRAINT "saved_alerts_radius_range" CHECK ("saved_alerts"."radius_m" between 500 and 100000),
	CONSTRAINT "saved_alerts_criterion" CHECK ("saved_alerts"."query" is not null or "saved_alerts"."tag" is not null or "saved_alerts"."latitude" is not null)
);
--> statement-breakpoint
ALTER TABLE "saved_alerts" ADD CONSTRAINT "saved_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- My alerts, oldest first (and the per-account count of ALERT_LIMIT).
CREATE INDEX "saved_alerts_user_id_idx" ON "saved_alerts" USING btree ("user_id","id");--> statement-breakpoint
-- Alerts with a place: the bounding cube of the circle contains the item's published point.
CREATE INDEX "saved_alerts_circle_gist" ON "saved_alerts" USING gist (earth_box(ll_to_earth(latitude, longitude), radius_m::float8)) WHERE latitude IS NOT NULL AND NOT paused;--> statement-breakpoint
-- Alerts without a place but with a tag: the tag is one of the item's (any letter case).
CREATE INDEX "saved_alerts_tag_idx" ON "saved_alerts" USING btree (lower(tag)) WHERE latitude IS NULL AND tag IS NOT NULL AND NOT paused;--> statement-breakpoint
-- Alerts with text alone: their key is one of the item's pieces.
CREATE INDEX "saved_alerts_text_key_idx" ON "saved_alerts" USING btree (alert_text_key(query)) WHERE latitude IS NULL AND tag IS NULL AND NOT paused;
