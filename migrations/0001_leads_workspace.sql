DROP INDEX "leads_phone_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "leads_seen_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_normalized" varchar(30);--> statement-breakpoint
CREATE INDEX "leads_phone_normalized_idx" ON "leads" USING btree ("phone_normalized");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- Leads created before this column existed: the same normalisation as src/shared/phone.ts.
WITH cleaned AS (
  SELECT id, CASE WHEN s LIKE '00%' THEN '+' || substr(s, 3) ELSE s END AS s
  FROM (SELECT id, regexp_replace(trim(phone), '[[:space:]().\-/]', '', 'g') AS s FROM leads WHERE phone IS NOT NULL) raw
), digits AS (
  SELECT id, s, regexp_replace(s, '[^0-9]', '', 'g') AS d FROM cleaned
)
UPDATE leads SET phone_normalized = CASE
  WHEN length(digits.d) < 6 THEN NULL
  WHEN digits.s LIKE '+%' THEN '+' || digits.d
  WHEN length(digits.d) = 9 AND digits.d ~ '^[29]' THEN '+351' || digits.d
  ELSE '+' || digits.d
END
FROM digits WHERE leads.id = digits.id;
