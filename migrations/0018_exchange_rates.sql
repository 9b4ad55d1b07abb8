CREATE TABLE "exchange_rates" (
	"currency" varchar(3) PRIMARY KEY NOT NULL,
	"eur_per_unit" numeric(14, 6) NOT NULL,
	"rate_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "listed_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "listed_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "exchange_rate" numeric(14, 6);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "exchange_rate_date" date;