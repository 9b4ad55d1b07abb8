CREATE TABLE "import_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"status" varchar(30) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" integer,
	CONSTRAINT "import_status_history_status_check" CHECK ("import_status_history"."status" in ('confirmed', 'handling_paperwork', 'waiting_transport', 'in_transit', 'arrived', 'inspected', 'legalized', 'delivered', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "import_costs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "public_id" varchar(36) DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "proposal_id" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("imports"."client_name" || ' ' || coalesce("imports"."client_email", '') || ' ' || "imports"."vehicle_make" || ' ' || "imports"."vehicle_model" || ' ' || coalesce("imports"."vehicle_vin", ''))) STORED;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_status_history" ADD CONSTRAINT "import_status_history_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_status_history" ADD CONSTRAINT "import_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_status_history_import_idx" ON "import_status_history" USING btree ("import_id","changed_at","id");--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_proposal_idx" ON "imports" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "imports_list_idx" ON "imports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "imports_search_trgm_idx" ON "imports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_publicId_unique" UNIQUE("public_id");