CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"message_id" varchar(998) NOT NULL,
	"account" varchar(20) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"lead_id" integer,
	"timeline_id" integer,
	"to_address" varchar(255) NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"in_reply_to" varchar(998),
	"references" text,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"warning" text,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "email_outbox_messageId_unique" UNIQUE("message_id"),
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('queued', 'sending', 'sent', 'failed')),
	CONSTRAINT "email_outbox_account_check" CHECK ("email_outbox"."account" in ('geral', 'comercial')),
	CONSTRAINT "email_outbox_purpose_check" CHECK ("email_outbox"."purpose" in ('reply', 'proposal', 'acknowledgement'))
);
--> statement-breakpoint
CREATE TABLE "mailbox_signatures" (
	"account" varchar(20) PRIMARY KEY NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_signatures_account_check" CHECK ("mailbox_signatures"."account" in ('geral', 'comercial'))
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_timeline_id_lead_timeline_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."lead_timeline"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_signatures" ADD CONSTRAINT "mailbox_signatures_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_outbox_sending_idx" ON "email_outbox" USING btree ("lease_until") WHERE "email_outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "email_outbox_lead_idx" ON "email_outbox" USING btree ("lead_id");