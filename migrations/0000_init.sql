CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SEQUENCE "public"."lead_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "security_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" varchar(50) NOT NULL,
	"ip_address" varchar(64),
	"username" varchar(100),
	"details" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"password" text NOT NULL,
	"email" varchar(255),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" text,
	"role" varchar(20) DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'user'))
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(100) NOT NULL,
	"value" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "lead_timeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"title" text,
	"description" text,
	"email_data" jsonb,
	"metadata" jsonb,
	"message_id" varchar(998),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "lead_timeline_messageId_unique" UNIQUE("message_id"),
	CONSTRAINT "lead_timeline_type_check" CHECK ("lead_timeline"."type" in ('email', 'chat', 'call'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(50) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100),
	"email" varchar(255),
	"phone" varchar(50),
	"vehicle_make" varchar(100) NOT NULL,
	"vehicle_model" varchar(100) NOT NULL,
	"vehicle_year" integer,
	"budget" numeric(15, 2),
	"mileage" integer,
	"transmission" varchar(20),
	"fuel_type" varchar(30),
	"vehicle_link" text,
	"notes" text,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"quoted_amount" numeric(15, 2),
	"starred" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"email_source" varchar(20) DEFAULT 'geral' NOT NULL,
	"origin" varchar(20) DEFAULT 'manual' NOT NULL,
	"utm_source" varchar(100),
	"assigned_to" integer,
	"last_interaction_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("leads"."reference" || ' ' || "leads"."first_name" || ' ' || coalesce("leads"."last_name", '') || ' ' || coalesce("leads"."email", '') || ' ' || "leads"."vehicle_make" || ' ' || "leads"."vehicle_model")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_reference_unique" UNIQUE("reference"),
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('requested', 'quoted', 'clarifying', 'waiting', 'contacted', 'rejected', 'converted')),
	CONSTRAINT "leads_email_source_check" CHECK ("leads"."email_source" in ('geral', 'comercial'))
);
--> statement-breakpoint
CREATE TABLE "user_lead_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_lead_views_user_lead_unique" UNIQUE("user_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(36) NOT NULL,
	"lead_id" integer,
	"vehicle_brand" varchar(100),
	"vehicle_model" varchar(100),
	"vehicle_submodel" varchar(255),
	"vehicle_mileage" integer,
	"vehicle_engine_size" integer,
	"vehicle_fuel_type" varchar(30),
	"vehicle_power" varchar(50),
	"vehicle_co2_emissions" integer,
	"vehicle_first_registration" varchar(20),
	"vehicle_country" varchar(100),
	"vehicle_price" numeric(10, 2),
	"vehicle_original_price" numeric(10, 2),
	"vehicle_price_without_vat" numeric(10, 2),
	"wltp_value" boolean DEFAULT true NOT NULL,
	"hybrid_value" boolean DEFAULT false NOT NULL,
	"plugin_value" boolean DEFAULT false NOT NULL,
	"transport_cost" numeric(10, 2) DEFAULT '2000.00' NOT NULL,
	"registration_fee" numeric(10, 2) DEFAULT '340.00' NOT NULL,
	"isv_cost" numeric(10, 2),
	"iva_cost" numeric(10, 2),
	"total_cost" numeric(10, 2),
	"tax_declaration_date" date,
	"registration_country" varchar(10) DEFAULT 'eu' NOT NULL,
	"diesel_particles_below_limit" boolean DEFAULT false NOT NULL,
	"electric_range_km" integer,
	"euro6e_bis" boolean DEFAULT false NOT NULL,
	"source_listing" text,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_publicId_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "stored_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"proposal_id" integer,
	"content_type" varchar(100) NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" varchar(64) NOT NULL,
	"source_url" text,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_media_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "import_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"date" date NOT NULL,
	"value" numeric(15, 2) NOT NULL,
	"notes" text,
	"invoiced_to_us" boolean DEFAULT false NOT NULL,
	"invoiced" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"client_name" varchar(255) NOT NULL,
	"client_email" varchar(255),
	"client_phone" varchar(50),
	"client_address" text,
	"client_vat_id" varchar(50),
	"vehicle_make" varchar(100) NOT NULL,
	"vehicle_model" varchar(100) NOT NULL,
	"vehicle_year" integer,
	"vehicle_vin" varchar(50),
	"status" varchar(30) DEFAULT 'confirmed' NOT NULL,
	"vehicle_price" numeric(15, 2),
	"vehicle_isv" numeric(15, 2),
	"service_price" numeric(15, 2),
	"invoiced" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"notes" text,
	"delivery_notes" text,
	"assigned_to" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('confirmed', 'handling_paperwork', 'waiting_transport', 'in_transit', 'arrived', 'inspected', 'legalized', 'delivered', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"address" text,
	"country" varchar(100),
	"vat_id" varchar(50),
	"email" varchar(255),
	"phone" varchar(50),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" varchar(50) NOT NULL,
	"title" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_templateId_unique" UNIQUE("template_id")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" varchar(50) NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"details" jsonb,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
--> statement-breakpoint
CREATE TABLE "mailbox_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" varchar(20) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"address" varchar(255),
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_encrypted" text,
	"signature_html" text,
	"sync_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"messages_imported" integer DEFAULT 0 NOT NULL,
	"messages_ignored" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_connections_account_unique" UNIQUE("account"),
	CONSTRAINT "mailbox_connections_account_check" CHECK ("mailbox_connections"."account" in ('geral', 'comercial')),
	CONSTRAINT "mailbox_connections_provider_check" CHECK ("mailbox_connections"."provider" in ('gmail', 'imap'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"title" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"related_id" integer,
	"related_type" varchar(30),
	"is_read" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('new_lead', 'new_import', 'other'))
);
--> statement-breakpoint
ALTER TABLE "lead_timeline" ADD CONSTRAINT "lead_timeline_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_timeline" ADD CONSTRAINT "lead_timeline_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lead_views" ADD CONSTRAINT "user_lead_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_lead_views" ADD CONSTRAINT "user_lead_views_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_media" ADD CONSTRAINT "stored_media_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_costs" ADD CONSTRAINT "import_costs_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_costs" ADD CONSTRAINT "import_costs_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_audit_log_timestamp_idx" ON "security_audit_log" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "security_audit_log_username_idx" ON "security_audit_log" USING btree ("username","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "lead_timeline_lead_created_idx" ON "lead_timeline" USING btree ("lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_status_last_interaction_idx" ON "leads" USING btree ("status","last_interaction_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_starred_last_interaction_idx" ON "leads" USING btree ("starred" DESC NULLS LAST,"last_interaction_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_phone_idx" ON "leads" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "user_lead_views_lead_idx" ON "user_lead_views" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "proposals_lead_idx" ON "proposals" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "stored_media_proposal_idx" ON "stored_media" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "import_costs_import_idx" ON "import_costs" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_costs_supplier_idx" ON "import_costs" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "imports_status_created_idx" ON "imports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "imports_lead_idx" ON "imports" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_read" = false;