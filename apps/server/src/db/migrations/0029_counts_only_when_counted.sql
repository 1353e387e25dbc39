-- An update changes the kept counts only for rows whose counted columns changed. Before, every update of a
-- report (its PDF stored, a review decided) took its site's count row until commit, so a transaction that
-- updated one report and then waited on another report's row (a re-test's link to the report it re-tests is
-- checked when the re-test is updated twice) deadlocked with a PDF being stored for that other report.
DROP TRIGGER reports_counts_update_old ON reports;
--> statement-breakpoint
DROP TRIGGER reports_counts_update_new ON reports;
--> statement-breakpoint
CREATE FUNCTION report_site_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT o.site_name AS old_name, o.overall_status AS old_status, n.site_name AS new_name, n.overall_status AS new_status
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.site_name IS DISTINCT FROM n.site_name OR o.overall_status IS DISTINCT FROM n.overall_status
  ), delta AS (
    SELECT coalesce(nullif(old_name, ''), 'Unknown Site') AS site_name, -1 AS sign, old_status AS status FROM moved
    UNION ALL
    SELECT coalesce(nullif(new_name, ''), 'Unknown Site'), 1, new_status FROM moved
  )
  INSERT INTO report_site_counts AS c (site_name, total, pass, fail)
  SELECT site_name, sum(sign), coalesce(sum(sign) FILTER (WHERE status = 'PASS'), 0),
         coalesce(sum(sign) FILTER (WHERE status = 'FAIL'), 0)
  FROM delta GROUP BY 1 ORDER BY 1
  ON CONFLICT (site_name) DO UPDATE
    SET total = c.total + excluded.total, pass = c.pass + excluded.pass, fail = c.fail + excluded.fail;
  DELETE FROM report_site_counts c
  USING (SELECT DISTINCT coalesce(nullif(o.site_name, ''), 'Unknown Site') AS site_name
         FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.site_name IS DISTINCT FROM n.site_name) m
  WHERE c.site_name = m.site_name AND c.total <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_counts_update AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_update();
--> statement-breakpoint
-- The same for each site's flat count: a flat's edit that keeps its site leaves the count row alone.
DROP TRIGGER properties_counts_update_old ON properties;
--> statement-breakpoint
DROP TRIGGER properties_counts_update_new ON properties;
--> statement-breakpoint
CREATE FUNCTION site_property_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT o.site_id, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.site_id <> n.site_id
    UNION ALL
    SELECT n.site_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.site_id <> n.site_id
  )
  INSERT INTO site_property_counts AS c (site_id, total)
  SELECT site_id, sum(sign) FROM delta GROUP BY site_id ORDER BY site_id
  ON CONFLICT (site_id) DO UPDATE SET total = c.total + excluded.total;
  DELETE FROM site_property_counts c
  USING (SELECT DISTINCT o.site_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.site_id <> n.site_id) m
  WHERE c.site_id = m.site_id AND c.total <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER properties_counts_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_property_counts_update();
