CREATE TABLE "lead_owner_rule" (
	"id" integer PRIMARY KEY NOT NULL,
	"mode" varchar(20) DEFAULT 'none' NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"last_user_id" integer,
	"geral_user_id" integer,
	"comercial_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lead_owner_rule_mode_check" CHECK ("lead_owner_rule"."mode" in ('none', 'round_robin', 'mailbox'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "inbox_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "inbox_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "inbox_mailbox" varchar(20);--> statement-breakpoint
ALTER TABLE "lead_owner_rule" ADD CONSTRAINT "lead_owner_rule_geral_user_id_users_id_fk" FOREIGN KEY ("geral_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_owner_rule" ADD CONSTRAINT "lead_owner_rule_comercial_user_id_users_id_fk" FOREIGN KEY ("comercial_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_inbox_idx" ON "leads" USING btree ("inbox_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "leads"."inbox_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_owner_walk_idx" ON "leads" USING btree ("assigned_to","starred" DESC NULLS FIRST,"last_interaction_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","email_source") WHERE "leads"."assigned_to" is not null;