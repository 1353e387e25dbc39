CREATE TABLE "site_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"description" text NOT NULL,
	"owner" text NOT NULL,
	"due" date NOT NULL,
	"raised_by" text,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closing_comment" text,
	"closed_by" text,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_issues" ADD CONSTRAINT "site_issues_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_issues_site_idx" ON "site_issues" USING btree ("site_id","raised_at");