DROP INDEX "reports_site_name_completed_idx";--> statement-breakpoint
DROP INDEX "reports_user_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "ranges_source" text DEFAULT 'site' NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_site_name_completed_id_idx" ON "reports" USING btree ("site_name","completed_at","id");--> statement-breakpoint
CREATE INDEX "reports_user_completed_id_idx" ON "reports" USING btree ("user_id","completed_at","id");--> statement-breakpoint
CREATE INDEX "reports_completed_id_idx" ON "reports" USING btree ("completed_at","id");--> statement-breakpoint
CREATE INDEX "reports_site_name_status_idx" ON "reports" USING btree ("site_name","overall_status");