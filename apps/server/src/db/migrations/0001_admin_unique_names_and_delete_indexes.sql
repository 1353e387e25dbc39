DROP INDEX "properties_site_address_idx";--> statement-breakpoint
DROP INDEX "sites_name_idx";--> statement-breakpoint
CREATE INDEX "drafts_site_idx" ON "drafts" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "drafts_property_idx" ON "drafts" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_site_address_key" ON "properties" USING btree ("site_id",lower("address"));--> statement-breakpoint
CREATE INDEX "reports_site_idx" ON "reports" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_name_location_key" ON "sites" USING btree (lower("name"),lower("location"));