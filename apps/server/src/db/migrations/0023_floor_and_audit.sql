-- The floor and its audit trail (PRODUCT.md §9): tables get an area; a table's current visit keeps
-- its covers, waiter and opening as staff seat it; staff orders name who took them and carry their
-- discounts; staff get an approval PIN (hashed, unique in the restaurant); the audit log is
-- append-only. The Manager role of every restaurant gets the three new permissions, as a new
-- restaurant's does (DEFAULT_ROLES). (The journal's "when" follows 0022's by a day.)
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"approved_by_id" uuid,
	"approved_by_name" text,
	"order_id" uuid,
	"order_number" integer,
	"table_number" integer,
	"amount_minor" integer,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "area" text;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "visit_covers" integer;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "visit_waiter_id" uuid;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "visit_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_by_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_restaurant_at_idx" ON "audit_log" USING btree ("restaurant_id","at","seq");--> statement-breakpoint
CREATE INDEX "audit_log_restaurant_kind_at_idx" ON "audit_log" USING btree ("restaurant_id","kind","at");--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_visit_waiter_id_staff_id_fk" FOREIGN KEY ("visit_waiter_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_restaurant_pin_idx" ON "staff" USING btree ("restaurant_id","pin_hash") WHERE "staff"."pin_hash" IS NOT NULL;;--> statement-breakpoint
-- Nothing changes or removes an audit entry: the log is what happened. The one delete let through is
-- the cascade of its restaurant being deleted (the restaurant's row is gone by then).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM restaurants r WHERE r.id = OLD.restaurant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || ARRAY(
  SELECT p FROM unnest(ARRAY['orders.void', 'orders.discount', 'audit.view']) p WHERE NOT (p = ANY("permissions"))
)
WHERE lower("name") = 'manager';
