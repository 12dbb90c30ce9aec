-- Offers and wants (docs/decisions/023-offers-and-wants.md). Every existing item is an offer: a
-- constant default, so adding the column rewrites no row. A want's photo is optional: it has no
-- cover (image_url '') and no other photos; an offer keeps its cover. The checks are added NOT VALID
-- and then validated, which reads the table once without blocking writes.
ALTER TABLE "items" ADD COLUMN "type" text DEFAULT 'offer' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_type_check" CHECK ("items"."type" in ('offer', 'want')) NOT VALID;--> statement-breakpoint
ALTER TABLE "items" VALIDATE CONSTRAINT "items_type_check";--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_offer_has_photo" CHECK ("items"."type" = 'want' OR "items"."image_url" <> '') NOT VALID;--> statement-breakpoint
ALTER TABLE "items" VALIDATE CONSTRAINT "items_offer_has_photo";--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_photoless_want_no_extras" CHECK ("items"."image_url" <> '' OR cardinality("items"."extra_images") = 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "items" VALIDATE CONSTRAINT "items_photoless_want_no_extras";--> statement-breakpoint
-- Wants are the few: a list of wants walks these partial indexes (newest first, nearest first), not
-- the indexes of every listed item filtered row by row. A list of offers walks the existing
-- indexes and skips the few wants it meets.
CREATE INDEX "items_wants_created_idx" ON "items" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE status = 'available' AND type = 'want';--> statement-breakpoint
CREATE INDEX "items_wants_location_gist" ON "items" USING gist (ll_to_earth(approx_latitude::float8, approx_longitude::float8)) WHERE status = 'available' AND approx_latitude IS NOT NULL AND type = 'want';
