-- API tokens (decision 170): a token acts as its own account, member of the sites it was given.
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'person' NOT NULL;
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scope" text NOT NULL,
	"all_sites" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A token for every site also joins each new site, as engineers do.
CREATE OR REPLACE FUNCTION site_members_for_new_site() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO site_members (site_id, user_id)
  SELECT NEW.id, u.id FROM users u WHERE u.role = 'engineer' AND u.active AND u.kind = 'person'
  UNION
  SELECT NEW.id, t.user_id FROM api_tokens t WHERE t.all_sites AND t.revoked_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
