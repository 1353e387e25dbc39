ALTER TABLE "evidence_packs" ADD COLUMN "holds" jsonb;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD COLUMN "attests" jsonb;--> statement-breakpoint
ALTER TABLE "site_sign_offs" ADD COLUMN "pack_id" uuid;--> statement-breakpoint
ALTER TABLE "site_sign_offs" ADD COLUMN "pack_sha256" text;--> statement-breakpoint
ALTER TABLE "site_sign_offs" ADD COLUMN "pack_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_sign_offs" ADD COLUMN "exception" text;--> statement-breakpoint
ALTER TABLE "site_sign_offs" ADD CONSTRAINT "site_sign_offs_pack_id_evidence_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."evidence_packs"("id") ON DELETE set null ON UPDATE no action;