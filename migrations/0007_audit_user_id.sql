ALTER TABLE "security_audit_log" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "security_audit_log_user_id_idx" ON "security_audit_log" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
UPDATE "security_audit_log" AS a SET "user_id" = u."id" FROM "users" AS u WHERE a."user_id" IS NULL AND lower(a."username") = lower(u."username");
