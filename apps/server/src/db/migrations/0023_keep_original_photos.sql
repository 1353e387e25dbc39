-- A site may keep its photos' camera originals beside the reduced ones (decision 175).
ALTER TABLE "sites" ADD COLUMN "keep_original_photos" boolean DEFAULT false NOT NULL;
