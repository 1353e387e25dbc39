-- A site's reports grouped by flat, newest first, found by site id: the reports table's latest report per
-- flat is one range of this index, with no sort, however deep the page (decision 140).
CREATE INDEX "reports_site_id_property_latest_idx" ON "reports" USING btree ("site_id","property_id","completed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
