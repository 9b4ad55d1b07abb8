-- ADR 069: partial indexes for the dashboard's import and money-owed figures; first replies by time; stage history index-only.
DROP INDEX "lead_timeline_first_reply_idx";--> statement-breakpoint
DROP INDEX "import_status_history_import_idx";--> statement-breakpoint
CREATE INDEX "import_costs_unpaid_idx" ON "import_costs" USING btree ("supplier_id","value") WHERE not "import_costs"."paid";--> statement-breakpoint
CREATE INDEX "imports_active_idx" ON "imports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "imports"."status" not in ('delivered', 'canceled');--> statement-breakpoint
CREATE INDEX "imports_delivered_idx" ON "imports" USING btree ("status_changed_at") WHERE "imports"."status" = 'delivered';--> statement-breakpoint
CREATE INDEX "imports_invoiced_unpaid_idx" ON "imports" USING btree ("invoiced_at" NULLS FIRST,"id","status","service_price") WHERE "imports"."invoiced" and not "imports"."paid";--> statement-breakpoint
CREATE INDEX "imports_to_invoice_idx" ON "imports" USING btree ("status_changed_at","id","service_price") WHERE "imports"."status" = 'delivered' and not "imports"."invoiced";--> statement-breakpoint
CREATE INDEX "lead_timeline_first_reply_idx" ON "lead_timeline" USING btree ("created_at","lead_id") WHERE "lead_timeline"."created_by" is not null and coalesce("lead_timeline"."metadata"->>'event', '') not in ('lead_lost', 'converted_to_import', 'quote_request') and ("lead_timeline"."type" in ('call', 'chat') or coalesce(("lead_timeline"."email_data"->>'isOutgoing')::boolean, false));--> statement-breakpoint
CREATE INDEX "import_status_history_import_idx" ON "import_status_history" USING btree ("import_id","changed_at","id","status");