-- Sign-in attempts are counted per key (address, account, account at an address) in one row each, taken
-- atomically before the password check (decision 110); the old table of single failures is replaced.
CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_window_idx" ON "sign_in_attempts" USING btree ("window_start");--> statement-breakpoint
DROP TABLE "sign_in_failures";
