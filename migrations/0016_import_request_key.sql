ALTER TABLE "imports" ADD COLUMN "request_key" varchar(160);--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_request_key_unique" UNIQUE("request_key");--> statement-breakpoint
-- A lead converted before this migration counts as converted once (ADR 023): its first import holds the lead's key.
UPDATE "imports" SET "request_key" = 'lead:' || "lead_id" WHERE "id" IN (SELECT min("id") FROM "imports" WHERE "lead_id" IS NOT NULL GROUP BY "lead_id");
