-- Public search: usernames and public notes containing a text (ILIKE '%text%'), served by trigrams.
CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops);--> statement-breakpoint
CREATE INDEX notes_content_trgm_idx ON notes USING gin (content gin_trgm_ops);--> statement-breakpoint
-- Public notes newest first (search results, admin dashboard).
CREATE INDEX notes_public_created_idx ON notes (created_at DESC) WHERE visibility = 'public';--> statement-breakpoint
-- Users newest first (admin dashboard).
CREATE INDEX users_created_at_idx ON users (created_at DESC);
