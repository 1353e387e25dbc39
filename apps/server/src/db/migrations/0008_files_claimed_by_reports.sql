ALTER TABLE "files" ADD COLUMN "report_id" uuid;--> statement-breakpoint
CREATE INDEX "files_unclaimed_idx" ON "files" USING btree ("created_at") WHERE "files"."report_id" IS NULL AND "files"."kind" <> 'pdf';--> statement-breakpoint
-- Reports stored before this migration claim the photos and signature they list, so none is ever taken for an orphan.
UPDATE "files" AS f SET "report_id" = x.report_id
FROM (
  SELECT r.id AS report_id, substring(p.value ->> 'url' FROM '^/api/files/([0-9a-fA-F-]{36})$') AS file_id
  FROM "reports" r,
    json_array_elements(CASE WHEN json_typeof(r.wizard_data -> 'photosSignature' -> 'photos') = 'array'
      THEN r.wizard_data -> 'photosSignature' -> 'photos' ELSE '[]'::json END) AS p(value)
  UNION ALL
  SELECT r.id, substring(r.wizard_data -> 'photosSignature' ->> 'signature' FROM '^/api/files/([0-9a-fA-F-]{36})$')
  FROM "reports" r
) AS x
WHERE x.file_id IS NOT NULL AND f.id = lower(x.file_id)::uuid AND f.report_id IS NULL;
