CREATE TABLE "proposal_view_visits" (
	"proposal_id" integer NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	"last_counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "proposal_view_visits_proposal_id_visitor_hash_pk" PRIMARY KEY("proposal_id","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "proposal_view_visits" ADD CONSTRAINT "proposal_view_visits_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;