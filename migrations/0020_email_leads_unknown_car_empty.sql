-- Leads made from an e-mail keep an unknown make or model empty, not the text 'Not specified' (ADR 063).
UPDATE "leads" SET "vehicle_make" = '' WHERE "origin" = 'email' AND "vehicle_make" = 'Not specified';--> statement-breakpoint
UPDATE "leads" SET "vehicle_model" = '' WHERE "origin" = 'email' AND "vehicle_model" = 'Not specified';
