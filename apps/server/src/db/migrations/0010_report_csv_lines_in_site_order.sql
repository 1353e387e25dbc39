-- Each line carries its report's site name and time (reports never change), and one index holds a site's
-- lines in export order with the line itself: an export reads one range of it instead of probing a
-- line per report (decision 100).
ALTER TABLE "report_csv_lines" ADD COLUMN "site_name" text;--> statement-breakpoint
ALTER TABLE "report_csv_lines" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "report_csv_lines" AS l SET "site_name" = r."site_name", "completed_at" = r."completed_at" FROM "reports" AS r WHERE r."id" = l."report_id";--> statement-breakpoint
ALTER TABLE "report_csv_lines" ALTER COLUMN "site_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_csv_lines" ALTER COLUMN "completed_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "report_csv_lines_site_completed_id_idx" ON "report_csv_lines" USING btree ("site_name","completed_at","report_id") INCLUDE ("format","line");
