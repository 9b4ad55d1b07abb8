-- ADR 069: index-only pipeline board totals, dashboard period figures and cost totals.
DROP INDEX "leads_created_idx";--> statement-breakpoint
DROP INDEX "leads_list_filter_idx";--> statement-breakpoint
DROP INDEX "import_costs_import_idx";--> statement-breakpoint
CREATE INDEX "lead_timeline_first_reply_idx" ON "lead_timeline" USING btree ("lead_id","created_at") WHERE "lead_timeline"."created_by" is not null and coalesce("lead_timeline"."metadata"->>'event', '') not in ('lead_lost', 'converted_to_import', 'quote_request') and ("lead_timeline"."type" in ('call', 'chat') or coalesce(("lead_timeline"."email_data"->>'isOutgoing')::boolean, false));--> statement-breakpoint
CREATE INDEX "leads_created_figures_idx" ON "leads" USING btree ("created_at","id","status","origin","email_source","quoted_amount","lost_reason","utm_source");--> statement-breakpoint
CREATE INDEX "leads_list_filter_idx" ON "leads" USING btree ("status","email_source","last_interaction_at","assigned_to","quoted_amount","budget");--> statement-breakpoint
CREATE INDEX "import_costs_import_idx" ON "import_costs" USING btree ("import_id","value");