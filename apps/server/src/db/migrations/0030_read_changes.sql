-- Tells every server which remembered answers a committed change may have made stale (decision 203). Each
-- notice on hiu_read_changes names sites (s:<id>), people (u:<id>) and, for the whole list of sites, "sites";
-- "*" means everything. PostgreSQL sends it at commit, to every listening server, and drops duplicates of one
-- transaction. The tables are those the remembered reads are made from.
CREATE FUNCTION read_changes_announce(tags text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE t text[];
BEGIN
  SELECT array_agg(DISTINCT x ORDER BY x) INTO t FROM unnest(tags) AS x WHERE x IS NOT NULL;
  IF t IS NULL THEN RETURN; END IF;
  -- A notice must stay under 8,000 bytes: a change that touches more than 100 sites and people says "*".
  PERFORM pg_notify('hiu_read_changes', CASE WHEN cardinality(t) > 100 THEN '*' ELSE array_to_string(t, ',') END);
END $$;
--> statement-breakpoint
CREATE FUNCTION read_changes_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hiu_read_changes', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION read_changes_sites() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tags text[] := ARRAY['sites'];
BEGIN
  IF TG_OP <> 'INSERT' THEN tags := tags || ARRAY(SELECT DISTINCT 's:' || id FROM old_rows); END IF;
  IF TG_OP <> 'DELETE' THEN tags := tags || ARRAY(SELECT DISTINCT 's:' || id FROM new_rows); END IF;
  PERFORM read_changes_announce(tags);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION read_changes_site_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    tags := tags || ARRAY(SELECT DISTINCT 's:' || site_id FROM old_rows) || ARRAY(SELECT DISTINCT 'u:' || user_id FROM old_rows);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    tags := tags || ARRAY(SELECT DISTINCT 's:' || site_id FROM new_rows) || ARRAY(SELECT DISTINCT 'u:' || user_id FROM new_rows);
  END IF;
  PERFORM read_changes_announce(tags);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION read_changes_properties() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN tags := tags || ARRAY(SELECT DISTINCT 's:' || site_id FROM old_rows); END IF;
  IF TG_OP <> 'DELETE' THEN tags := tags || ARRAY(SELECT DISTINCT 's:' || site_id FROM new_rows); END IF;
  PERFORM read_changes_announce(tags);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION read_changes_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tags text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    tags := tags || ARRAY(SELECT DISTINCT 's:' || site_id FROM old_rows) || ARRAY(SELECT DISTINCT 'u:' || engineer_id FROM old_rows);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    tags := tags || ARRAY(SELECT DISTINCT 's:' || site_id FROM new_rows) || ARRAY(SELECT DISTINCT 'u:' || engineer_id FROM new_rows);
  END IF;
  PERFORM read_changes_announce(tags);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Reports and drafts: their site, their author, and the engineer the flat is assigned to (whose list of flats
-- shows where each stands).
CREATE FUNCTION read_changes_work() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tags text[] := '{}';
BEGIN
  -- One statement per side: a draft is saved every few seconds by every engineer at work.
  IF TG_OP <> 'INSERT' THEN
    tags := tags || ARRAY(
      SELECT DISTINCT v.tag FROM old_rows o LEFT JOIN assignments a ON a.property_id = o.property_id
      CROSS JOIN LATERAL (VALUES ('s:' || o.site_id), ('u:' || o.user_id), ('u:' || a.engineer_id)) AS v(tag));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    tags := tags || ARRAY(
      SELECT DISTINCT v.tag FROM new_rows n LEFT JOIN assignments a ON a.property_id = n.property_id
      CROSS JOIN LATERAL (VALUES ('s:' || n.site_id), ('u:' || n.user_id), ('u:' || a.engineer_id)) AS v(tag));
  END IF;
  PERFORM read_changes_announce(tags);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sites_read_changes_insert AFTER INSERT ON sites
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_sites();
--> statement-breakpoint
CREATE TRIGGER sites_read_changes_update AFTER UPDATE ON sites
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_sites();
--> statement-breakpoint
CREATE TRIGGER sites_read_changes_delete AFTER DELETE ON sites
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_sites();
--> statement-breakpoint
CREATE TRIGGER sites_read_changes_truncate AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_all();
--> statement-breakpoint
CREATE TRIGGER site_members_read_changes_insert AFTER INSERT ON site_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_site_members();
--> statement-breakpoint
CREATE TRIGGER site_members_read_changes_update AFTER UPDATE ON site_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_site_members();
--> statement-breakpoint
CREATE TRIGGER site_members_read_changes_delete AFTER DELETE ON site_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_site_members();
--> statement-breakpoint
CREATE TRIGGER site_members_read_changes_truncate AFTER TRUNCATE ON site_members
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_all();
--> statement-breakpoint
CREATE TRIGGER properties_read_changes_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_properties();
--> statement-breakpoint
CREATE TRIGGER properties_read_changes_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_properties();
--> statement-breakpoint
CREATE TRIGGER properties_read_changes_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_properties();
--> statement-breakpoint
CREATE TRIGGER properties_read_changes_truncate AFTER TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_all();
--> statement-breakpoint
CREATE TRIGGER assignments_read_changes_insert AFTER INSERT ON assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_assignments();
--> statement-breakpoint
CREATE TRIGGER assignments_read_changes_update AFTER UPDATE ON assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_assignments();
--> statement-breakpoint
CREATE TRIGGER assignments_read_changes_delete AFTER DELETE ON assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_assignments();
--> statement-breakpoint
CREATE TRIGGER assignments_read_changes_truncate AFTER TRUNCATE ON assignments
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_all();
--> statement-breakpoint
CREATE TRIGGER reports_read_changes_insert AFTER INSERT ON reports
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_work();
--> statement-breakpoint
CREATE TRIGGER reports_read_changes_update AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_work();
--> statement-breakpoint
CREATE TRIGGER reports_read_changes_delete AFTER DELETE ON reports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_work();
--> statement-breakpoint
CREATE TRIGGER reports_read_changes_truncate AFTER TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_all();
--> statement-breakpoint
CREATE TRIGGER drafts_read_changes_insert AFTER INSERT ON drafts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_work();
--> statement-breakpoint
CREATE TRIGGER drafts_read_changes_update AFTER UPDATE ON drafts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_work();
--> statement-breakpoint
CREATE TRIGGER drafts_read_changes_delete AFTER DELETE ON drafts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_changes_work();
--> statement-breakpoint
CREATE TRIGGER drafts_read_changes_truncate AFTER TRUNCATE ON drafts
  FOR EACH STATEMENT EXECUTE FUNCTION read_changes_all();
