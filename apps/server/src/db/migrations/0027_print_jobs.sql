-- Kitchen tickets sent to station printers (PRODUCT.md §10, decision 034): one row per fired ticket
-- (the partial unique key lets one instance in) or reprint, kept until printed or expired, with a
-- lease so another instance takes over the job of one that stopped. (The journal's "when" follows
-- 0024's by three days: 0025 and 0026 come in between.)
CREATE TABLE "print_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"course" smallint NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"reprint" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"failed_since" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"printer_host" text NOT NULL,
	"printer_port" integer NOT NULL,
	"payload" "bytea",
	"claimed_by" uuid,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_ticket_idx" ON "print_jobs" USING btree ("restaurant_id","order_id","station_id","course","fired_at") WHERE NOT "print_jobs"."reprint";--> statement-breakpoint
CREATE INDEX "print_jobs_open_idx" ON "print_jobs" USING btree ("restaurant_id","station_id") WHERE "print_jobs"."state" IN ('pending', 'failing');--> statement-breakpoint
CREATE INDEX "print_jobs_station_attempted_idx" ON "print_jobs" USING btree ("restaurant_id","station_id","attempted_at");