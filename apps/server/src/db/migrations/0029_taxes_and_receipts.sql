-- Taxes, receipts and the day's close (PRODUCT.md §11, decision 038): tax rates, each order's
-- taxes frozen at order time, receipts numbered per restaurant and year, closed business days and
-- the covers of past visits. place_orders (migrations 0019, 0020, 0024) stores the order's taxes.
-- (The journal's "when" follows 0028's by a day.)
CREATE TABLE "business_days" (
	"restaurant_id" uuid NOT NULL,
	"date" date NOT NULL,
	"report" jsonb NOT NULL,
	"cash_counted_minor" integer NOT NULL,
	"cash_difference_minor" integer NOT NULL,
	"note" text,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by_id" uuid,
	"closed_by_name" text NOT NULL,
	CONSTRAINT "business_days_restaurant_id_date_pk" PRIMARY KEY("restaurant_id","date")
);
--> statement-breakpoint
CREATE TABLE "past_visits" (
	"visit_id" uuid PRIMARY KEY NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"table_id" uuid,
	"covers" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"restaurant_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "receipt_counters_restaurant_id_year_pk" PRIMARY KEY("restaurant_id","year")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"business_date" date NOT NULL,
	"payment_id" uuid,
	"bill_payment_id" uuid,
	"refund_id" uuid,
	"credit_for_id" uuid,
	"method" text NOT NULL,
	"table_number" integer,
	"order_ids" uuid[] NOT NULL,
	"order_numbers" integer[] NOT NULL,
	"net_minor" integer NOT NULL,
	"tax_minor" integer NOT NULL,
	"service_charge_minor" integer NOT NULL,
	"tip_minor" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"taxes" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"coverage" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"language" text NOT NULL,
	"parts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_bp_range" CHECK ("tax_rates"."rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "tax_rate_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "net_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_charge_tax" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "prices_include_tax" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "business_day_start_minutes" smallint DEFAULT 240 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_days" ADD CONSTRAINT "business_days_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "past_visits" ADD CONSTRAINT "past_visits_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "past_visits_restaurant_opened_idx" ON "past_visits" USING btree ("restaurant_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_restaurant_number_idx" ON "receipts" USING btree ("restaurant_id","year","seq");--> statement-breakpoint
CREATE INDEX "receipts_restaurant_day_idx" ON "receipts" USING btree ("restaurant_id","business_date","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_order_ids_idx" ON "receipts" USING gin ("order_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_refund_idx" ON "receipts" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "receipts_payment_idx" ON "receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_restaurant_name_idx" ON "tax_rates" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_restaurant_default_idx" ON "tax_rates" USING btree ("restaurant_id") WHERE "tax_rates"."is_default";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_orders(p_counts jsonb, p_orders jsonb, p_tables jsonb, p_channel text)
RETURNS TABLE (id uuid, number integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  -- The restaurants' rows first, in id order, so two batches never wait for each other in opposite
  -- orders; the menu versions are compared once they are held.
  PERFORM 1 FROM restaurants r WHERE r.id IN (SELECT (c ->> 'id')::uuid FROM jsonb_array_elements(p_counts) c)
  ORDER BY r.id FOR NO KEY UPDATE;
  RETURN QUERY
  WITH counts AS (
    SELECT * FROM jsonb_to_recordset(p_counts)
      AS c(id uuid, orders int, events int, menu_version int)
  ), numbered AS (
    UPDATE restaurants r SET order_seq = r.order_seq + c.orders, event_seq = r.event_seq + c.events
    FROM counts c
    WHERE r.id = c.id AND r.menu_version = c.menu_version
    RETURNING r.id, r.order_seq - c.orders AS order_seq_before, r.event_seq - c.events AS event_seq_before
  ), batch AS (
    SELECT o.*, n.order_seq_before + o.i AS number, n.event_seq_before + o.i AS seq
    FROM jsonb_to_recordset(p_orders) AS o(
      id uuid, restaurant_id uuid, i int, table_id uuid, table_number int, source text,
      taken_by_id uuid, taken_by_name text, status text, items jsonb, subtotal_minor int,
      service_charge_minor int, tip_minor int, prices_include_tax boolean, net_minor int,
      tax_minor int, taxes jsonb, service_charge_tax jsonb, total_minor int, currency text, note text,
      customer_name text, guest_token_hash text, status_history jsonb, created_at timestamptz,
      event jsonb)
    JOIN numbered n ON n.id = o.restaurant_id
  ), placed AS (
    INSERT INTO orders (id, restaurant_id, number, table_id, table_number, source, taken_by_id,
      taken_by_name, status, items, subtotal_minor, service_charge_minor, tip_minor,
      prices_include_tax, net_minor, tax_minor, taxes, service_charge_tax, total_minor,
      paid_minor, refunded_minor, payment_status, currency, note, customer_name, guest_token_hash,
      status_history, version, created_at, updated_at)
    SELECT id, restaurant_id, number, table_id, table_number, source, taken_by_id,
      taken_by_name, status, items, subtotal_minor, service_charge_minor, tip_minor,
      prices_include_tax, net_minor, tax_minor, taxes, service_charge_tax, total_minor,
      0, 0, 'unpaid', currency, note, customer_name, guest_token_hash, status_history, 1,
      created_at, created_at
    FROM batch ORDER BY restaurant_id, number
    RETURNING id
  ), bills AS (
    SELECT t.restaurant_id, t.id AS table_id, n.event_seq_before + bt.i AS seq, t.visit_id,
      t.number, open.total + added.total AS total, open.paid
    FROM jsonb_to_recordset(p_tables) AS bt(restaurant_id uuid, table_id uuid, i int)
    JOIN numbered n ON n.id = bt.restaurant_id
    JOIN dining_tables t ON t.id = bt.table_id
    CROSS JOIN LATERAL (
      SELECT b.total_minor::int AS total, b.paid_minor::int AS paid
      FROM table_open_bills b WHERE b.table_id = bt.table_id
      UNION ALL
      -- A table not counted yet; the limit leaves this branch unread when the row is there.
      SELECT s.total::int, s.paid::int FROM table_open_bill_counted(bt.table_id) s
      LIMIT 1
    ) open
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(b.total_minor), 0)::int AS total FROM batch b WHERE b.table_id = bt.table_id
    ) added
  ), written AS (
    INSERT INTO restaurant_events (restaurant_id, seq, type, order_id, table_id, data)
    SELECT restaurant_id, seq, 'order.created', id, NULL, jsonb_set(event, '{order,number}', to_jsonb(number))
    FROM batch
    UNION ALL
    SELECT restaurant_id, seq, 'bill.updated', NULL, table_id, jsonb_build_object(
      'tableId', table_id, 'tableNumber', number, 'visitId', visit_id, 'totalMinor', total,
      'paidMinor', paid, 'dueMinor', greatest(0, total - paid), 'closed', false)
    FROM bills
    RETURNING restaurant_id, seq
  ), announced AS (
    SELECT pg_notify(p_channel, restaurant_id || ':' || min(seq)) FROM written GROUP BY restaurant_id
  )
  -- The announcement is read here, or it would not run; the inserts run whether read or not.
  SELECT b.id, b.number::integer FROM batch b
  WHERE (SELECT count(*) FROM announced) >= 0 AND (SELECT count(*) FROM placed) >= 0;
END
$$;
