-- Lines of reports stored before this are built and kept by the first export that reads them.
CREATE TABLE "report_csv_lines" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"format" integer NOT NULL,
	"line" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_csv_lines" ADD CONSTRAINT "report_csv_lines_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;