ALTER TABLE "leads" ADD COLUMN "lost_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason_text" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lost_reason_check" CHECK ("leads"."lost_reason" is null or "leads"."lost_reason" in ('price', 'found_elsewhere', 'no_answer', 'car_sold', 'other'));--> statement-breakpoint
-- ADR 067: imports invoiced before the column existed count from their last change.
UPDATE "imports" SET "invoiced_at" = "updated_at" WHERE "invoiced";