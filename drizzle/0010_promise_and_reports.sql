CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer,
	"target_type" text NOT NULL,
	"item_id" integer,
	"reported_user_id" integer,
	"subject" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer,
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('item', 'user')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'offensive', 'scam', 'unsafe', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_status_check";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "promised_to_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_id_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "reports_item_id_idx" ON "reports" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "reports_reported_user_id_idx" ON "reports" USING btree ("reported_user_id");--> statement-breakpoint
CREATE INDEX "reports_resolved_by_id_idx" ON "reports" USING btree ("resolved_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_item_key" ON "reports" USING btree ("reporter_id","item_id") WHERE "reports"."status" = 'open' AND "reports"."item_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_user_key" ON "reports" USING btree ("reporter_id","reported_user_id") WHERE "reports"."status" = 'open' AND "reports"."reported_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_promised_to_id_users_id_fk" FOREIGN KEY ("promised_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_promised_to_id_idx" ON "items" USING btree ("promised_to_id") WHERE "items"."promised_to_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_promised_has_person" CHECK ("items"."status" <> 'promised' OR "items"."promised_to_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_status_check" CHECK ("items"."status" in ('available', 'promised', 'taken', 'expired'));