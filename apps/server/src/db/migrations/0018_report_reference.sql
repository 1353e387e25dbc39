-- Every report gets a reference a person can quote (decision 136): HIU-<year>-<number>, numbered from one
-- sequence so two servers never give the same one; existing reports are numbered in completion order.
-- The site's location is copied onto the report like its name, so the PDF never depends on the site.
CREATE SEQUENCE "report_reference_seq";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "site_location" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "reports" r SET "reference" = 'HIU-' || to_char(r."completed_at" AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(o.n::text, 6, '0')
  FROM (SELECT "id", row_number() OVER (ORDER BY "completed_at", "id") AS n FROM "reports") o
  WHERE o."id" = r."id";--> statement-breakpoint
UPDATE "reports" r SET "site_location" = s."location" FROM "sites" s WHERE s."id" = r."site_id";--> statement-breakpoint
SELECT setval('report_reference_seq', GREATEST((SELECT count(*) FROM "reports"), 1), (SELECT count(*) FROM "reports") > 0);--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reference" SET DEFAULT ('HIU-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(nextval('report_reference_seq')::text, 6, '0'));--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reference_key" ON "reports" USING btree ("reference");
