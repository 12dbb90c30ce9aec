-- Deleting an item, and an admin deleting a user, ask whether another item still shows the same
-- image before its files are removed. Without an index that was a scan of every item (a sequential
-- scan of a million rows per deletion); with it, a lookup (src/server/features/items/explain.test.ts).
CREATE INDEX "items_image_url_idx" ON "items" USING btree ("image_url");
