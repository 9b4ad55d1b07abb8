ALTER TABLE "job_runs" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_runs" DROP CONSTRAINT "job_runs_job_slot_pk";--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_slot_attempt_pk" PRIMARY KEY("job","slot","attempt");
