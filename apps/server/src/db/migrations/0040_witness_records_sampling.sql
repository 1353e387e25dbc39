CREATE TABLE "site_sampling_plans" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"rate" integer NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "witness_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"witnessed_on" date NOT NULL,
	"readings" jsonb NOT NULL,
	"failed" boolean NOT NULL,
	"signature" "bytea" NOT NULL,
	"signature_sha256" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_sampling_plans" ADD CONSTRAINT "site_sampling_plans_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_sampling_plans" ADD CONSTRAINT "site_sampling_plans_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_records" ADD CONSTRAINT "witness_records_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_records" ADD CONSTRAINT "witness_records_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_records" ADD CONSTRAINT "witness_records_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "witness_records" ADD CONSTRAINT "witness_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "witness_records_site_idx" ON "witness_records" USING btree ("site_id","recorded_at");--> statement-breakpoint
CREATE INDEX "witness_records_report_idx" ON "witness_records" USING btree ("report_id");