CREATE TABLE "file_upload_pieces" (
	"upload_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_upload_pieces_pkey" PRIMARY KEY("upload_id","seq")
);
