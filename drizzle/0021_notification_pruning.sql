-- Notifications do not pile up forever (pruneNotifications, run by the hourly housekeeping): entries
-- of the bell and settled deliveries of other channels (sent, dropped, or failed: admins review
-- those) are removed NOTIFICATION_KEEP_DAYS after their last change.
CREATE INDEX "notifications_updated_at_idx" ON "notifications" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_settled_idx" ON "notification_deliveries" USING btree ("updated_at") WHERE "notification_deliveries"."status" <> 'pending';
