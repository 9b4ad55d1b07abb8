CREATE TABLE "mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"timeline_id" integer NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(255) NOT NULL,
	"byte_size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" varchar(20) NOT NULL,
	"message_id" varchar(998) NOT NULL,
	"provider_key" text,
	"thread_key" text,
	"direction" varchar(3) DEFAULT 'in' NOT NULL,
	"outcome" varchar(20) NOT NULL,
	"lead_id" integer,
	"from_address" varchar(320),
	"subject" text,
	"received_at" timestamp with time zone,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	CONSTRAINT "mail_messages_account_message_unique" UNIQUE("account","message_id")
);
--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD COLUMN "status" varchar(20) DEFAULT 'connected' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD COLUMN "failure_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD COLUMN "last_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD COLUMN "sync_lease_owner" text;--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD COLUMN "sync_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_attachments" ADD CONSTRAINT "mail_attachments_timeline_id_lead_timeline_id_fk" FOREIGN KEY ("timeline_id") REFERENCES "public"."lead_timeline"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachments_timeline_idx" ON "mail_attachments" USING btree ("timeline_id");--> statement-breakpoint
CREATE INDEX "mail_messages_message_id_idx" ON "mail_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_messages_thread_idx" ON "mail_messages" USING btree ("thread_key");--> statement-breakpoint
CREATE INDEX "mail_messages_lead_idx" ON "mail_messages" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "mailbox_connections" ADD CONSTRAINT "mailbox_connections_status_check" CHECK ("mailbox_connections"."status" in ('connected', 'needs_reconnect'));