CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" varchar(200) NOT NULL,
	"type" varchar(20) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"app_version" varchar(30) NOT NULL,
	"database_version" varchar(30) NOT NULL,
	"manifest" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backups_filename_unique" UNIQUE("filename")
);
