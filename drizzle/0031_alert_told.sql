-- Who has heard of an item through their saved alerts (alerts/service.ts, alertMatchingTask): an
-- edited item is queued for matching again, and only the people not yet told of it hear of it.
CREATE TABLE "alert_told" (
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_told_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "alert_told" ADD CONSTRAINT "alert_told_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_told" ADD CONSTRAINT "alert_told_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_told_user_id_idx" ON "alert_told" USING btree ("user_id");--> statement-breakpoint
-- Everyone already told of an item (in the app, or still waiting in the outbox) stays told.
INSERT INTO "alert_told" ("item_id", "user_id")
  SELECT DISTINCT "item_id", "user_id" FROM "notifications" WHERE "type" = 'alert_matched' AND "item_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "alert_told" ("item_id", "user_id")
  SELECT DISTINCT "item_id", "recipient_id" FROM "notification_events" WHERE "type" = 'alert_matched' AND "item_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
