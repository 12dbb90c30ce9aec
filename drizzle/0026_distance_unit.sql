-- The unit distances are shown in (issue 14): km (SPEC's texts) unless the person chose miles in
-- Settings. A constant default: adding the column rewrites no row.
ALTER TABLE "users" ADD COLUMN "distance_unit" text DEFAULT 'km' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_distance_unit_check" CHECK ("distance_unit" IN ('km', 'mi'));
