ALTER TABLE "drafts" ALTER COLUMN "wizard_data" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "wizard_data" SET DATA TYPE json;