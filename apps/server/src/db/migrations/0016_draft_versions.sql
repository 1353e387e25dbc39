-- Every draft save carries the device's edit sequence; the stored one is never replaced by a lower one
-- (decision 120). Drafts saved before this have version 0.
ALTER TABLE "drafts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- When the server first had the draft; unknown (null) for drafts saved before this.
ALTER TABLE "drafts" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drafts" ALTER COLUMN "created_at" SET DEFAULT now();
