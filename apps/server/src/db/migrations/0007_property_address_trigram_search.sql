-- Trigram search needs pg_trgm: a trusted extension (PostgreSQL 13+), so a database owner may create it;
-- the embedded database loads it when it opens (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "properties_address_trgm_idx" ON "properties" USING gin (lower("address") gin_trgm_ops);
