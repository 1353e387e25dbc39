-- A site's reports grouped by property, newest first, with the columns the property key reads: the
-- reports screen's "latest per property" is one index-only range scan, with no sort (decision 102).
CREATE INDEX "reports_site_property_latest_idx" ON "reports" USING btree ("site_name",coalesce("property_id"::text, lower("property_address")),"completed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("property_id","property_address");
