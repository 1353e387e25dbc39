-- Team commissioning (decision 145): who belongs to which site, who is assigned which property, the review
-- of every submitted report, and an append-only history of every change.
CREATE TABLE "site_members" (
	"site_id" uuid NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_members_pkey" PRIMARY KEY ("site_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "site_members_user_idx" ON "site_members" USING btree ("user_id", "site_id");
--> statement-breakpoint
-- Engineers keep every site they see today.
INSERT INTO "site_members" ("site_id", "user_id")
SELECT s.id, u.id FROM "sites" s CROSS JOIN "users" u WHERE u.role = 'engineer';
--> statement-breakpoint
-- Engineers are members of every site unless an admin takes them off: a new site gets every active
-- engineer, a new engineer every site, however the row is made (form, bulk upload, import).
CREATE FUNCTION site_members_for_new_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_members (site_id, user_id)
  SELECT NEW.id, u.id FROM users u WHERE u.role = 'engineer' AND u.active
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sites_engineers_join" AFTER INSERT ON "sites"
FOR EACH ROW EXECUTE FUNCTION site_members_for_new_site();
--> statement-breakpoint
CREATE FUNCTION site_members_for_new_engineer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_members (site_id, user_id) SELECT s.id, NEW.id FROM sites s
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_engineer_joins" AFTER INSERT ON "users"
FOR EACH ROW WHEN (NEW.role = 'engineer') EXECUTE FUNCTION site_members_for_new_engineer();
--> statement-breakpoint
CREATE TABLE "assignments" (
	"property_id" uuid PRIMARY KEY NOT NULL REFERENCES "properties"("id") ON DELETE CASCADE,
	"site_id" uuid NOT NULL REFERENCES "sites"("id") ON DELETE CASCADE,
	"engineer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"due_date" date,
	"assigned_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "assignments_engineer_idx" ON "assignments" USING btree ("engineer_id", "due_date");
--> statement-breakpoint
CREATE INDEX "assignments_site_idx" ON "assignments" USING btree ("site_id");
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type", "entity_id", "id");
--> statement-breakpoint
-- The history is append-only: no statement may change or remove an entry.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "auto_approve_passing" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Reports submitted before review existed count as approved; every new one waits for a reviewer.
ALTER TABLE "reports" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "review_state" SET DEFAULT 'awaiting_review';
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reviewed_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reviewed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "review_reason" text;
--> statement-breakpoint
CREATE INDEX "reports_review_site_idx" ON "reports" USING btree ("review_state", "site_id", "completed_at");
