-- Whose work a job is (a report PDF's engineer), so owners take turns at the queue (decision 208); the index
-- finds the jobs finished in the last minute, and whose they were, at each claim.
ALTER TABLE "jobs" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
CREATE INDEX "jobs_finished_owner_idx" ON "jobs" USING btree ("finished_at","owner_id");
