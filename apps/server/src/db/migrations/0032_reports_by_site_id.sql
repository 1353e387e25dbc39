-- Reports are found by their site's id, never by the name copied onto them: two sites may once have shared a
-- name, and a renamed site's reports keep the old one. The kept counts and the export's lines follow the id.
-- A site's name is unique among sites (case-insensitive); any sites sharing one are told apart first.
UPDATE "sites" AS s SET "name" = s."name" || ' (' || left(s."id"::text, 8) || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS n FROM "sites"
) d
WHERE d."id" = s."id" AND d.n > 1;--> statement-breakpoint
DROP INDEX IF EXISTS "sites_name_location_key";--> statement-breakpoint
CREATE UNIQUE INDEX "sites_name_key" ON "sites" USING btree (lower("name"));--> statement-breakpoint
DROP TRIGGER IF EXISTS reports_counts_insert ON reports;--> statement-breakpoint
DROP TRIGGER IF EXISTS reports_counts_delete ON reports;--> statement-breakpoint
DROP TRIGGER IF EXISTS reports_counts_update ON reports;--> statement-breakpoint
DROP TRIGGER IF EXISTS reports_counts_truncate ON reports;--> statement-breakpoint
DROP FUNCTION IF EXISTS report_site_counts_add();--> statement-breakpoint
DROP FUNCTION IF EXISTS report_site_counts_remove();--> statement-breakpoint
DROP FUNCTION IF EXISTS report_site_counts_update();--> statement-breakpoint
DROP FUNCTION IF EXISTS report_site_counts_clear();--> statement-breakpoint
DROP TABLE "report_site_counts";--> statement-breakpoint
CREATE TABLE "report_site_counts" (
	"site_id" uuid PRIMARY KEY NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"total" integer NOT NULL,
	"pass" integer NOT NULL,
	"fail" integer NOT NULL
);--> statement-breakpoint
-- Keeps report_site_counts equal to a GROUP BY site_id over reports with a site, one aggregated upsert per
-- statement; ids are upserted in order so concurrent submits lock count rows in the same order.
CREATE FUNCTION report_site_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_site_counts AS c (site_id, total, pass, fail)
  SELECT site_id, count(*), count(*) FILTER (WHERE overall_status = 'PASS'), count(*) FILTER (WHERE overall_status = 'FAIL')
  FROM new_rows WHERE site_id IS NOT NULL GROUP BY 1 ORDER BY 1
  ON CONFLICT (site_id) DO UPDATE
    SET total = c.total + excluded.total, pass = c.pass + excluded.pass, fail = c.fail + excluded.fail;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION report_site_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_site_counts AS c
  SET total = c.total - o.total, pass = c.pass - o.pass, fail = c.fail - o.fail
  FROM (
    SELECT site_id, count(*) AS total, count(*) FILTER (WHERE overall_status = 'PASS') AS pass,
           count(*) FILTER (WHERE overall_status = 'FAIL') AS fail
    FROM old_rows WHERE site_id IS NOT NULL GROUP BY 1 ORDER BY 1
  ) o
  WHERE c.site_id = o.site_id;
  DELETE FROM report_site_counts c USING (SELECT DISTINCT site_id FROM old_rows) o
  WHERE c.site_id = o.site_id AND c.total <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only rows whose site or verdict changed move a count (a PDF stored or a review leaves the row alone).
CREATE FUNCTION report_site_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT o.site_id AS old_site, o.overall_status AS old_status, n.site_id AS new_site, n.overall_status AS new_status
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.site_id IS DISTINCT FROM n.site_id OR o.overall_status IS DISTINCT FROM n.overall_status
  ), delta AS (
    SELECT old_site AS site_id, -1 AS sign, old_status AS status FROM moved WHERE old_site IS NOT NULL
    UNION ALL
    SELECT new_site, 1, new_status FROM moved WHERE new_site IS NOT NULL
  )
  INSERT INTO report_site_counts AS c (site_id, total, pass, fail)
  SELECT d.site_id, sum(sign), coalesce(sum(sign) FILTER (WHERE status = 'PASS'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'FAIL'), 0)
  FROM delta d JOIN sites s ON s.id = d.site_id GROUP BY 1 ORDER BY 1
  ON CONFLICT (site_id) DO UPDATE
    SET total = c.total + excluded.total, pass = c.pass + excluded.pass, fail = c.fail + excluded.fail;
  DELETE FROM report_site_counts c
  USING (SELECT DISTINCT o.site_id FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE o.site_id IS DISTINCT FROM n.site_id) m
  WHERE c.site_id = m.site_id AND c.total <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION report_site_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_site_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reports_counts_insert AFTER INSERT ON reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_add();--> statement-breakpoint
CREATE TRIGGER reports_counts_delete AFTER DELETE ON reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_remove();--> statement-breakpoint
CREATE TRIGGER reports_counts_update AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_update();--> statement-breakpoint
CREATE TRIGGER reports_counts_truncate AFTER TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_clear();--> statement-breakpoint
INSERT INTO report_site_counts (site_id, total, pass, fail)
SELECT r.site_id, count(*), count(*) FILTER (WHERE overall_status = 'PASS'), count(*) FILTER (WHERE overall_status = 'FAIL')
FROM reports r JOIN sites s ON s.id = r.site_id GROUP BY 1;--> statement-breakpoint
-- The export's lines carry the report's site id (nulled with the site) instead of its name.
DROP INDEX IF EXISTS "report_csv_lines_site_completed_id_idx";--> statement-breakpoint
ALTER TABLE "report_csv_lines" ADD COLUMN "site_id" uuid REFERENCES "sites"("id") ON DELETE SET NULL;--> statement-breakpoint
UPDATE "report_csv_lines" AS l SET "site_id" = r."site_id" FROM "reports" AS r WHERE r."id" = l."report_id";--> statement-breakpoint
ALTER TABLE "report_csv_lines" DROP COLUMN "site_name";--> statement-breakpoint
CREATE INDEX "report_csv_lines_site_completed_id_idx" ON "report_csv_lines" USING btree ("site_id","completed_at","report_id") INCLUDE ("format","line");--> statement-breakpoint
DROP INDEX IF EXISTS "reports_site_name_completed_id_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "reports_site_name_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "reports_site_property_latest_idx";--> statement-breakpoint
CREATE INDEX "reports_site_completed_id_idx" ON "reports" USING btree ("site_id","completed_at","id");--> statement-breakpoint
CREATE INDEX "reports_site_property_latest_idx" ON "reports" USING btree ("site_id",coalesce("property_id"::text, lower("property_address")),"completed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_id","property_address");
