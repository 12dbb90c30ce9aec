-- A suspension without an end (an admin lifts it, or never), and for each account the account on
-- whose device it was registered (a device cookie or a session), so the admins see the accounts a
-- suspended person makes (plugins/suspension.ts, features/moderation).
ALTER TABLE "users" ADD COLUMN "suspended_permanently" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registered_from_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_registered_from_user_id_users_id_fk" FOREIGN KEY ("registered_from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_registered_from_idx" ON "users" USING btree ("registered_from_user_id") WHERE "users"."registered_from_user_id" IS NOT NULL;
