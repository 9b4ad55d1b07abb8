ALTER TABLE "proposals" ADD COLUMN "vehicle_gearbox" varchar(10);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "vehicle_euro_norm" varchar(20);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "vehicle_particle_filter" boolean;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "seller_type" varchar(10);