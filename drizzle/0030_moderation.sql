-- Reports of people, messages and no-shows; support answers; graded moderation actions with an audit
-- log (docs/decisions/025-moderation.md).
-- Reports name a message (its text is copied as the subject) or a hand-over whose other person did
-- not show up (the item and that person). Each kind has its own "one open report per reporter" key.
ALTER TABLE "reports" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_message_id_idx" ON "reports" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type_check";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('item', 'user', 'message', 'no_show'));--> statement-breakpoint
DROP INDEX "reports_open_item_key";--> statement-breakpoint
DROP INDEX "reports_open_user_key";--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_item_key" ON "reports" USING btree ("reporter_id","item_id") WHERE "reports"."status" = 'open' AND "reports"."item_id" IS NOT NULL AND "reports"."target_type" = 'item';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_user_key" ON "reports" USING btree ("reporter_id","reported_user_id") WHERE "reports"."status" = 'open' AND "reports"."reported_user_id" IS NOT NULL AND "reports"."target_type" = 'user';--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_message_key" ON "reports" USING btree ("reporter_id","message_id") WHERE "reports"."status" = 'open' AND "reports"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_no_show_key" ON "reports" USING btree ("reporter_id","item_id") WHERE "reports"."status" = 'open' AND "reports"."item_id" IS NOT NULL AND "reports"."target_type" = 'no_show';--> statement-breakpoint
-- A hidden item: seen only by its owner (with the reason) and the admins (items/visibility.ts).
ALTER TABLE "items" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
CREATE INDEX "items_hidden_idx" ON "items" USING btree ("id") WHERE "items"."hidden_at" IS NOT NULL;--> statement-breakpoint
-- A suspension: until then every write but the allow-list of plugins/suspension.ts is refused.
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
-- The audit log of the admins' actions. The person's name and the item's title are copied, so an
-- entry still reads after what it names is gone. The reason is required by every moderation route;
-- it is null only for a deletion through SPEC's body-less DELETE routes called without one.
CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"admin_id" integer,
	"user_id" integer,
	"item_id" integer,
	"username" text,
	"item_title" text,
	"reason" text,
	"suspended_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('hide_item', 'unhide_item', 'warn', 'suspend', 'lift_suspension', 'delete_item', 'delete_user')),
	CONSTRAINT "moderation_actions_reason_length" CHECK (char_length("moderation_actions"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_user_id_idx" ON "moderation_actions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_admin_id_idx" ON "moderation_actions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_item_id_idx" ON "moderation_actions" USING btree ("item_id");--> statement-breakpoint
-- A support request's thread: the admins' answers and the person's follow-ups.
CREATE TABLE "support_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"support_request_id" integer NOT NULL,
	"author_id" integer,
	"from_admin" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_replies_body_length" CHECK (char_length("support_replies"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_support_request_id_support_requests_id_fk" FOREIGN KEY ("support_request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_replies_request_idx" ON "support_replies" USING btree ("support_request_id","id");--> statement-breakpoint
CREATE INDEX "support_replies_author_id_idx" ON "support_replies" USING btree ("author_id");--> statement-breakpoint
-- The new notification kinds: an answer to a support request, and a moderation action.
ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_type_check";--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_type_check" CHECK ("notification_events"."type" in ('message', 'item_asked', 'item_promised', 'promise_withdrawn', 'item_gone', 'listing_expiring', 'listing_expired', 'alert_matched', 'support_update', 'thanks_received', 'support_reply', 'moderation'));--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_type_check";--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_type_check" CHECK ("notification_deliveries"."type" in ('message', 'item_asked', 'item_promised', 'promise_withdrawn', 'item_gone', 'listing_expiring', 'listing_expired', 'alert_matched', 'support_update', 'thanks_received', 'support_reply', 'moderation'));--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('message', 'item_asked', 'item_promised', 'promise_withdrawn', 'item_gone', 'listing_expiring', 'listing_expired', 'alert_matched', 'support_update', 'thanks_received', 'support_reply', 'moderation'));
--> statement-breakpoint
-- An item hidden by the moderators is not on the map (migration 0029's one rule of what counts
-- there), and the cells are recounted without the hidden ones.
CREATE OR REPLACE FUNCTION item_on_map(i items) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN i.status = 'available' AND i.approx_latitude IS NOT NULL AND i.expires_at IS NOT NULL AND i.hidden_at IS NULL;--> statement-breakpoint
SELECT rebuild_item_map_cells();
