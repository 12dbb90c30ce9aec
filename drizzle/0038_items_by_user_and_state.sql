-- One person's items by state, newest first. A profile shows a person's newest current items and
-- counts the items they gave; by items_user_id_idx both read every item the person has, then test
-- its state (and the first sorted them all): at ten million bench items, 200 rows a profile where
-- it shows 12 (docs/performance.md, the cost curve). This index serves both as one range each, in
-- the list's own order, and everything items_user_id_idx served (its first column is the same), so it
-- replaces it: one index for each write, as before.
CREATE INDEX "items_user_status_created_idx" ON "items"
  USING btree ("user_id", "status", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
DROP INDEX "items_user_id_idx";
