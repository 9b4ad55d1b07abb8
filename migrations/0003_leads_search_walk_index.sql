DROP INDEX "leads_starred_last_interaction_idx";--> statement-breakpoint
DROP INDEX "leads_list_order_idx";--> statement-breakpoint
CREATE INDEX "leads_list_walk_idx" ON "leads" USING btree ("starred" DESC NULLS FIRST,"last_interaction_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","email_source","search_text");