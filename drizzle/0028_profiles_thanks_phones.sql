-- Profiles and reputation, and phone numbers in E.164 (docs/decisions/024-profiles-thanks-phones.md).
-- A profile's own words and photo: a short bio, an area the person types (never derived from a
-- location) and the storage name of a square photo (its 256 and 96 px files follow from it).
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
-- Whether the stored number could be parsed: true for one the E.164 step at start could not parse
-- (the person is asked in Settings to enter it again, and no SMS goes to it); null for a number not
-- checked yet (every number stored before this migration); false otherwise.
ALTER TABLE "users" ADD COLUMN "phone_invalid" boolean DEFAULT false;--> statement-breakpoint
UPDATE "users" SET "phone_invalid" = NULL WHERE "phone_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bio_length" CHECK (char_length("users"."bio") <= 280);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_area_length" CHECK (char_length("users"."area") <= 60);--> statement-breakpoint
-- Numbers not checked yet: the step at start finds them by this index, empty once it has run.
CREATE INDEX "users_phone_unchecked_idx" ON "users" USING btree ("id") WHERE "users"."phone_invalid" IS NULL;--> statement-breakpoint
-- One thanks per person and hand-over, from the giver or the receiver to the other. The item's title
-- is copied, so a thanks still reads after the item is deleted.
CREATE TABLE "thanks" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer,
	"item_title" text NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thanks_not_self" CHECK ("thanks"."from_user_id" <> "thanks"."to_user_id"),
	CONSTRAINT "thanks_note_length" CHECK (char_length("thanks"."note") <= 280)
);
--> statement-breakpoint
ALTER TABLE "thanks" ADD CONSTRAINT "thanks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thanks" ADD CONSTRAINT "thanks_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thanks" ADD CONSTRAINT "thanks_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "thanks_item_from_key" ON "thanks" USING btree ("item_id","from_user_id");--> statement-breakpoint
CREATE INDEX "thanks_to_created_idx" ON "thanks" USING btree ("to_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "thanks_from_user_id_idx" ON "thanks" USING btree ("from_user_id");--> statement-breakpoint
-- The new notification kind: thanks received.
ALTER TABLE "notification_events" DROP CONSTRAINT "notification_events_type_check";--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_type_check" CHECK ("notification_events"."type" in ('message', 'item_asked', 'item_promised', 'promise_withdrawn', 'item_gone', 'listing_expiring', 'listing_expired', 'alert_matched', 'support_update', 'thanks_received'));--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_type_check";--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_type_check" CHECK ("notification_deliveries"."type" in ('message', 'item_asked', 'item_promised', 'promise_withdrawn', 'item_gone', 'listing_expiring', 'listing_expired', 'alert_matched', 'support_update', 'thanks_received'));--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('message', 'item_asked', 'item_promised', 'promise_withdrawn', 'item_gone', 'listing_expiring', 'listing_expired', 'alert_matched', 'support_update', 'thanks_received'));
