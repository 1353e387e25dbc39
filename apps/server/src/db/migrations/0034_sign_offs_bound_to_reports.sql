-- What a sign-off signed (decision 218): each flat's latest approved report at its revision, the site's flat
-- count then, and the SHA-256 of the list. Sign-offs made before stay null and the pack says so.
ALTER TABLE "site_sign_offs" ADD COLUMN "covers" jsonb;--> statement-breakpoint
ALTER TABLE "site_sign_offs" ADD COLUMN "total_flats" integer;--> statement-breakpoint
ALTER TABLE "site_sign_offs" ADD COLUMN "covers_digest" text;