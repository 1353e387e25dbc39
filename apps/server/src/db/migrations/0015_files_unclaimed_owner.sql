-- Each upload counts its owner's photos and signatures no report has claimed yet (decision 116).
CREATE INDEX IF NOT EXISTS "files_unclaimed_owner_idx" ON "files" USING btree ("owner_id") WHERE "files"."report_id" IS NULL AND "files"."kind" <> 'pdf';
