ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_purpose_check";--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "listing_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "listing_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "listing_blocked_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "listing_change" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "expected_delivery_date" date;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "expected_stage_dates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "notify_customer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "proposals_listing_watch_idx" ON "proposals" USING btree ("listing_next_check_at") WHERE "proposals"."sent_at" is not null and "proposals"."source_listing" is not null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_purpose_check" CHECK ("email_outbox"."purpose" in ('reply', 'proposal', 'acknowledgement', 'stage_update'));--> statement-breakpoint
-- Proposals delivered before sent_at existed: their first delivery is in the audit log (ADR 053's proposal_shared).
UPDATE "proposals" p SET "sent_at" = s.first_at FROM (
  SELECT (substring(a."details" from '^Proposal ([0-9]+)[ :]'))::integer AS proposal_id, min(a."timestamp") AS first_at
  FROM "security_audit_log" a
  WHERE a."event" = 'proposal_shared' AND a."details" ~ '^Proposal [0-9]+[ :]'
  GROUP BY 1
) s WHERE s.proposal_id = p."id";
