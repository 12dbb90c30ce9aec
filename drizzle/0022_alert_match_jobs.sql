-- Saved alerts are matched by the notification worker, not in the posting transaction
-- (docs/decisions/016-saved-alerts.md): posting writes one row here, the worker claims it
-- (FOR UPDATE SKIP LOCKED), writes the alert_matched events and deletes it in one transaction.
CREATE TABLE "alert_match_jobs" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_match_jobs" ADD CONSTRAINT "alert_match_jobs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_match_jobs_due_idx" ON "alert_match_jobs" USING btree ("next_attempt_at","item_id") WHERE "alert_match_jobs"."failed_at" IS NULL;
