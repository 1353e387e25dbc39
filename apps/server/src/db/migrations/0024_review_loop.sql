CREATE TABLE "report_revisions" (
	"report_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"wizard_data" json NOT NULL,
	"overall_status" text NOT NULL,
	"failure_reasons" jsonb NOT NULL,
	"hiu_model" text NOT NULL,
	"hiu_serial" text NOT NULL,
	"pdf_file_id" uuid,
	"pdf_filename" text NOT NULL,
	"corrected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"corrected_by" text NOT NULL,
	"field" text NOT NULL,
	"before" text NOT NULL,
	"after" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "report_revisions_pkey" PRIMARY KEY("report_id","revision")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "site_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "property_id" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "review_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "retest_of" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_revisions" ADD CONSTRAINT "report_revisions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_revisions" ADD CONSTRAINT "report_revisions_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_retest_of_reports_id_fk" FOREIGN KEY ("retest_of") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_site_idx" ON "audit_log" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_property_idx" ON "audit_log" USING btree ("property_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
-- History written before this change gets the site and property it belongs to, so their History panels
-- list it too. The append-only trigger is lifted for this one statement only.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
UPDATE "audit_log" SET
  "site_id" = CASE
    WHEN "entity_type" IN ('site', 'site_member') AND "entity_id" ~* '^[0-9a-f-]{36}$' THEN "entity_id"::uuid
    WHEN ("after"->>'siteId') ~* '^[0-9a-f-]{36}$' THEN ("after"->>'siteId')::uuid
    WHEN ("before"->>'siteId') ~* '^[0-9a-f-]{36}$' THEN ("before"->>'siteId')::uuid
  END,
  "property_id" = CASE
    WHEN "entity_type" IN ('property', 'assignment') AND "entity_id" ~* '^[0-9a-f-]{36}$' THEN "entity_id"::uuid
    WHEN ("after"->>'propertyId') ~* '^[0-9a-f-]{36}$' THEN ("after"->>'propertyId')::uuid
  END
WHERE "entity_type" IN ('site', 'site_member', 'property', 'assignment', 'report');--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";
