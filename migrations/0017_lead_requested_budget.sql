ALTER TABLE "leads" ADD COLUMN "requested_budget" numeric(15, 2);--> statement-breakpoint
UPDATE "leads" SET "requested_budget" = "budget" WHERE "budget" IS NOT NULL;
