-- Who uploaded which image and when, so that uploads no item uses can be removed after a while
-- (the hourly sweep, docs/decisions/009-quotas.md) and so an item can be held to its poster's own
-- uploads. Uploads made before this table are not listed and are never swept.
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"in_use" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploads_unused_created_idx" ON "uploads" USING btree ("created_at") WHERE NOT "uploads"."in_use";
