ALTER TABLE "users" ADD COLUMN "verification_purpose" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verification_purpose_check" CHECK ("users"."verification_purpose" in ('phone', 'reset'));