ALTER TABLE "files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "location" text DEFAULT 'database' NOT NULL;--> statement-breakpoint
CREATE INDEX "files_location_idx" ON "files" USING btree ("location");--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");