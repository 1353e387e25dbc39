CREATE TABLE "report_site_counts" (
	"site_name" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"pass" integer NOT NULL,
	"fail" integer NOT NULL
);
