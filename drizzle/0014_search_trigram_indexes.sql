-- The donor dashboard's search at a million rows (docs/decisions/030-admin-search-trigram-indexes.md).
-- pg_trgm is a trusted extension: the database's owner may create it. PGlite loads it from
-- @electric-sql/pglite/contrib/pg_trgm (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "donations_donor_name_trgm_idx" ON "donations" USING gin ("donor_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "donations_email_trgm_idx" ON "donations" USING gin ("email" gin_trgm_ops);
