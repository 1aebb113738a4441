CREATE TABLE "bill_payment_items" (
	"bill_payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_index" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "bill_payment_items_bill_payment_id_order_id_line_index_pk" PRIMARY KEY("bill_payment_id","order_id","line_index")
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"parts" integer,
	"amount_minor" integer NOT NULL,
	"tip_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"reference" text,
	"checkout_url" text,
	"return_url" text,
	"hold_until" timestamp with time zone,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"recorded_by_id" uuid,
	"recorded_by_name" text,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_positive" CHECK ("bill_payments"."amount_minor" > 0),
	CONSTRAINT "bill_payments_tip_not_negative" CHECK ("bill_payments"."tip_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"table_number" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_id" uuid,
	"acknowledged_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "visit_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bill_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "restaurant_events" ADD COLUMN "table_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_payment_items" ADD CONSTRAINT "bill_payment_items_bill_payment_id_bill_payments_id_fk" FOREIGN KEY ("bill_payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payment_items" ADD CONSTRAINT "bill_payment_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payment_items_order_idx" ON "bill_payment_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bill_payments_table_visit_idx" ON "bill_payments" USING btree ("table_id","visit_id");--> statement-breakpoint
CREATE INDEX "bill_payments_restaurant_created_idx" ON "bill_payments" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_restaurant_status_idx" ON "service_requests" USING btree ("restaurant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_table_created_idx" ON "service_requests" USING btree ("table_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_payment_id_bill_payments_id_fk" FOREIGN KEY ("bill_payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Orders already finished belong to visits that are over; those under way stay on their table's bill.
UPDATE "orders" SET "visit_id" = gen_random_uuid() WHERE "status" IN ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_table_open_bill_idx" ON "orders" USING btree ("table_id") WHERE "orders"."visit_id" IS NULL;