CREATE TABLE "site_property_counts" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
-- Keeps site_property_counts equal to SELECT site_id, count(*) FROM properties GROUP BY site_id, with one
-- aggregated upsert per statement (transition tables), so a bulk upload of thousands of flats stays cheap.
-- Sites are upserted in id order, so concurrent changes lock count rows in the same order. A separate table,
-- not a column of sites: a flat's insert holds its site's row FOR SHARE (decision 194), and two such inserts
-- both updating that row would deadlock.
CREATE FUNCTION site_property_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_property_counts AS c (site_id, total)
  SELECT site_id, count(*) FROM new_rows GROUP BY site_id ORDER BY site_id
  ON CONFLICT (site_id) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION site_property_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_property_counts AS c SET total = c.total - o.total
  FROM (SELECT site_id, count(*) AS total FROM old_rows GROUP BY site_id ORDER BY site_id) o
  WHERE c.site_id = o.site_id;
  DELETE FROM site_property_counts c USING (SELECT DISTINCT site_id FROM old_rows) o
  WHERE c.site_id = o.site_id AND c.total <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION site_property_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM site_property_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER properties_counts_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_property_counts_add();
--> statement-breakpoint
CREATE TRIGGER properties_counts_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION site_property_counts_remove();
--> statement-breakpoint
-- An update counts as removing the old rows and adding the new ones (a flat never changes site today).
CREATE TRIGGER properties_counts_update_old AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION site_property_counts_remove();
--> statement-breakpoint
CREATE TRIGGER properties_counts_update_new AFTER UPDATE ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION site_property_counts_add();
--> statement-breakpoint
CREATE TRIGGER properties_counts_truncate AFTER TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION site_property_counts_clear();
--> statement-breakpoint
INSERT INTO site_property_counts (site_id, total) SELECT site_id, count(*) FROM properties GROUP BY site_id;
