-- Up to 6 photos per item (docs/decisions/018-item-photos.md). The cover stays in image_url (SPEC's
-- imageUrl, the lists, link previews); the other photos, in their order, are extra_images. An
-- item's images are image_url followed by extra_images, so every existing item has its one photo
-- as a one-element images without rewriting a row (a constant default). "Does another item still
-- show this image" (deleting an item or a user, an edit dropping a photo) is asked of all the
-- photos, array_prepend(image_url, extra_images), by one GIN index on that expression (ANALYZE
-- keeps element statistics for it, so the planner knows a photo is on very few items); it
-- replaces migration 0016's btree index on image_url alone.
ALTER TABLE "items" ADD COLUMN "extra_images" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_extra_images_count" CHECK (cardinality("items"."extra_images") <= 5);--> statement-breakpoint
DROP INDEX IF EXISTS "items_image_url_idx";--> statement-breakpoint
CREATE INDEX "items_photos_idx" ON "items" USING gin (array_prepend("image_url", "extra_images"));
