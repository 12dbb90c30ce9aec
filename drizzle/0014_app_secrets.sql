-- Server secrets made once and shared by every app process on this database (e.g. the key that
-- signs device cookies). `if not exists`: another migration may create the same table.
CREATE TABLE IF NOT EXISTS "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
