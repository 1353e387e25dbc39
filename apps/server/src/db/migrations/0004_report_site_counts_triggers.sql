-- Keeps report_site_counts equal to
--   SELECT coalesce(nullif(site_name, ''), 'Unknown Site'), count(*), count(*) FILTER (pass), count(*) FILTER (fail)
--   FROM reports GROUP BY 1
-- with one aggregated upsert per statement (transition tables), so bulk inserts stay cheap.
-- Names are upserted in sorted order so concurrent submits always lock count rows in the same order.
CREATE FUNCTION report_site_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_site_counts AS c (site_name, total, pass, fail)
  SELECT coalesce(nullif(site_name, ''), 'Unknown Site'), count(*),
         count(*) FILTER (WHERE overall_status = 'PASS'), count(*) FILTER (WHERE overall_status = 'FAIL')
  FROM new_rows GROUP BY 1 ORDER BY 1
  ON CONFLICT (site_name) DO UPDATE
    SET total = c.total + excluded.total, pass = c.pass + excluded.pass, fail = c.fail + excluded.fail;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_site_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_site_counts AS c
  SET total = c.total - o.total, pass = c.pass - o.pass, fail = c.fail - o.fail
  FROM (
    SELECT coalesce(nullif(site_name, ''), 'Unknown Site') AS site_name, count(*) AS total,
           count(*) FILTER (WHERE overall_status = 'PASS') AS pass, count(*) FILTER (WHERE overall_status = 'FAIL') AS fail
    FROM old_rows GROUP BY 1 ORDER BY 1
  ) o
  WHERE c.site_name = o.site_name;
  DELETE FROM report_site_counts c USING (SELECT DISTINCT coalesce(nullif(site_name, ''), 'Unknown Site') AS site_name FROM old_rows) o
  WHERE c.site_name = o.site_name AND c.total <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_site_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_site_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_counts_insert AFTER INSERT ON reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_add();
--> statement-breakpoint
CREATE TRIGGER reports_counts_delete AFTER DELETE ON reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_remove();
--> statement-breakpoint
-- An update counts as removing the old rows and adding the new ones.
CREATE TRIGGER reports_counts_update_old AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_remove();
--> statement-breakpoint
CREATE TRIGGER reports_counts_update_new AFTER UPDATE ON reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_add();
--> statement-breakpoint
CREATE TRIGGER reports_counts_truncate AFTER TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION report_site_counts_clear();
--> statement-breakpoint
INSERT INTO report_site_counts (site_name, total, pass, fail)
SELECT coalesce(nullif(site_name, ''), 'Unknown Site'), count(*),
       count(*) FILTER (WHERE overall_status = 'PASS'), count(*) FILTER (WHERE overall_status = 'FAIL')
FROM reports GROUP BY 1;
