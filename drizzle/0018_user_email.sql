ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_token_expiry" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_token_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_prompt_dismissed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_lower_key" ON "users" USING btree (lower("email")) WHERE is_email_verified;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_token_key" ON "users" USING btree ("email_token") WHERE email_token IS NOT NULL;
