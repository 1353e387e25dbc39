-- A parked check's notes travel with its draft, so resuming it (on this phone or another) keeps them.
ALTER TABLE "drafts" ADD COLUMN "notes" text DEFAULT '' NOT NULL;
