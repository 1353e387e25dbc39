ALTER TABLE "reports" ADD COLUMN "pack_id" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "pack_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "test_pack" text DEFAULT 'standard' NOT NULL;