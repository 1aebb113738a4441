CREATE TABLE "dashboard_daily" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"orders_total_minor" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily_dishes" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"menu_item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_dishes_restaurant_id_day_menu_item_id_name_pk" PRIMARY KEY("restaurant_id","day","menu_item_id","name")
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily_status" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_status_restaurant_id_day_status_pk" PRIMARY KEY("restaurant_id","day","status")
);
--> statement-breakpoint
DROP INDEX "wallet_transactions_restaurant_created_idx";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "wallet_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "dashboard_daily" ADD CONSTRAINT "dashboard_daily_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_daily_dishes" ADD CONSTRAINT "dashboard_daily_dishes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_daily_status" ADD CONSTRAINT "dashboard_daily_status_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_restaurant_open_idx" ON "orders" USING btree ("restaurant_id","status") WHERE "orders"."status" NOT IN ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "wallet_transactions_restaurant_created_idx" ON "wallet_transactions" USING btree ("restaurant_id","created_at","seq");--> statement-breakpoint
-- Covering versions of the dashboard's range indexes (decision 016): the rebuild and the payment
-- stats read them index-only. Drizzle cannot declare INCLUDE, so they are kept by hand here.
DROP INDEX "orders_restaurant_created_idx";--> statement-breakpoint
CREATE INDEX "orders_restaurant_created_idx" ON "orders" USING btree ("restaurant_id","created_at") INCLUDE ("status","total_minor");--> statement-breakpoint
DROP INDEX "payments_restaurant_succeeded_idx";--> statement-breakpoint
CREATE INDEX "payments_restaurant_succeeded_idx" ON "payments" USING btree ("restaurant_id","succeeded_at") INCLUDE ("status","amount_minor");--> statement-breakpoint
-- The restaurant's local day of an instant, read under the restaurant's row lock (FOR NO KEY UPDATE,
-- the lock order placement and every live event take anyway): the lock order is the order's row, the
-- restaurant's, then rollup rows, so two writers never wait for each other's rollup rows in opposite
-- orders. A time-zone change locks the row FOR UPDATE before it rebuilds: a change in flight either
-- committed before (its rows are in the rebuild) or waits and dates its rows in the new zone. Null
-- when the restaurant is gone (its rows are being deleted with it: nothing to keep).
CREATE FUNCTION dashboard_local_day(p_restaurant uuid, p_at timestamptz) RETURNS date
LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  SELECT r.timezone INTO tz FROM restaurants r WHERE r.id = p_restaurant FOR NO KEY UPDATE;
  IF tz IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN (p_at AT TIME ZONE tz)::date;
END
$$;--> statement-breakpoint
-- Bulk loads switch the triggers off for their transaction with SET LOCAL tavolo.dashboard_rollups = 'off'
-- (any role; session_replication_role = replica works too, for a superuser) and rebuild after.
CREATE FUNCTION dashboard_rollups_off() RETURNS boolean
LANGUAGE sql STABLE AS $$ SELECT coalesce(current_setting('tavolo.dashboard_rollups', true), '') = 'off' $$;--> statement-breakpoint
-- An order's place in dashboard_daily and dashboard_daily_dishes (callers skip cancelled orders),
-- times p_sign. Dish rows are upserted sorted, so two transactions never take them in opposite orders.
CREATE FUNCTION dashboard_add_order(p_order orders, p_day date, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_daily AS d (restaurant_id, day, orders, orders_total_minor)
  VALUES (p_order.restaurant_id, p_day, p_sign, p_sign * p_order.total_minor::bigint)
  ON CONFLICT (restaurant_id, day) DO UPDATE
    SET orders = d.orders + EXCLUDED.orders,
        orders_total_minor = d.orders_total_minor + EXCLUDED.orders_total_minor;
  INSERT INTO dashboard_daily_dishes AS d (restaurant_id, day, menu_item_id, name, lines, quantity, revenue_minor)
  SELECT p_order.restaurant_id, p_day,
         coalesce(l."menuItemId", '00000000-0000-0000-0000-000000000000'::uuid), coalesce(l.name, ''),
         p_sign * count(*)::integer,
         p_sign * coalesce(sum(l.quantity), 0)::bigint,
         p_sign * coalesce(sum(l."lineTotalMinor"), 0)::bigint
  FROM jsonb_to_recordset(p_order.items) AS l ("menuItemId" uuid, name text, quantity int, "lineTotalMinor" int)
  GROUP BY 3, 4
  ORDER BY 3, 4
  ON CONFLICT (restaurant_id, day, menu_item_id, name) DO UPDATE
    SET lines = d.lines + EXCLUDED.lines,
        quantity = d.quantity + EXCLUDED.quantity,
        revenue_minor = d.revenue_minor + EXCLUDED.revenue_minor;
END
$$;--> statement-breakpoint
CREATE FUNCTION dashboard_add_status(p_restaurant uuid, p_day date, p_status text, p_sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_daily_status AS d (restaurant_id, day, status, orders)
  VALUES (p_restaurant, p_day, p_status, p_sign)
  ON CONFLICT (restaurant_id, day, status) DO UPDATE SET orders = d.orders + EXCLUDED.orders;
$$;--> statement-breakpoint
CREATE FUNCTION dashboard_orders_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
BEGIN
  IF dashboard_rollups_off() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE'
     AND OLD.restaurant_id = NEW.restaurant_id AND OLD.created_at = NEW.created_at
     AND OLD.total_minor = NEW.total_minor AND OLD.items = NEW.items THEN
    -- A status move: byStatus moves the order; a cancel takes it out of counts, totals and dishes.
    new_day := dashboard_local_day(NEW.restaurant_id, NEW.created_at);
    IF new_day IS NULL THEN
      RETURN NULL;
    END IF;
    IF OLD.status = 'cancelled' AND NEW.status <> 'cancelled' THEN
      PERFORM dashboard_add_order(NEW, new_day, 1);
    ELSIF OLD.status <> 'cancelled' AND NEW.status = 'cancelled' THEN
      PERFORM dashboard_add_order(OLD, new_day, -1);
    END IF;
    -- Both status rows in one order (by name), whichever way the order moves.
    IF OLD.status < NEW.status THEN
      PERFORM dashboard_add_status(NEW.restaurant_id, new_day, OLD.status, -1);
      PERFORM dashboard_add_status(NEW.restaurant_id, new_day, NEW.status, 1);
    ELSE
      PERFORM dashboard_add_status(NEW.restaurant_id, new_day, NEW.status, 1);
      PERFORM dashboard_add_status(NEW.restaurant_id, new_day, OLD.status, -1);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_day := dashboard_local_day(OLD.restaurant_id, OLD.created_at);
    IF old_day IS NOT NULL THEN
      IF OLD.status <> 'cancelled' THEN
        PERFORM dashboard_add_order(OLD, old_day, -1);
      END IF;
      PERFORM dashboard_add_status(OLD.restaurant_id, old_day, OLD.status, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_day := dashboard_local_day(NEW.restaurant_id, NEW.created_at);
    IF new_day IS NOT NULL THEN
      IF NEW.status <> 'cancelled' THEN
        PERFORM dashboard_add_order(NEW, new_day, 1);
      END IF;
      PERFORM dashboard_add_status(NEW.restaurant_id, new_day, NEW.status, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Revenue: a payment counts on the local day of succeeded_at while it is succeeded or refunded (a
-- refund does not take back money received; the refund row subtracts on its own day).
CREATE FUNCTION dashboard_add_revenue(p_restaurant uuid, p_at timestamptz, p_amount bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF p_at IS NULL OR p_amount = 0 THEN
    RETURN;
  END IF;
  d := dashboard_local_day(p_restaurant, p_at);
  IF d IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_daily AS t (restaurant_id, day, revenue_minor)
  VALUES (p_restaurant, d, p_amount)
  ON CONFLICT (restaurant_id, day) DO UPDATE SET revenue_minor = t.revenue_minor + EXCLUDED.revenue_minor;
END
$$;--> statement-breakpoint
CREATE FUNCTION dashboard_payments_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF dashboard_rollups_off() THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status IN ('succeeded', 'refunded') THEN
    IF TG_OP = 'UPDATE' AND NEW.status IN ('succeeded', 'refunded')
       AND OLD.restaurant_id = NEW.restaurant_id AND OLD.amount_minor = NEW.amount_minor
       AND OLD.succeeded_at IS NOT DISTINCT FROM NEW.succeeded_at THEN
      RETURN NULL; -- succeeded → refunded (or a change the figures do not see): revenue stays
    END IF;
    PERFORM dashboard_add_revenue(OLD.restaurant_id, OLD.succeeded_at, -OLD.amount_minor::bigint);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('succeeded', 'refunded') THEN
    PERFORM dashboard_add_revenue(NEW.restaurant_id, NEW.succeeded_at, NEW.amount_minor::bigint);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION dashboard_refunds_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF dashboard_rollups_off() THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_add_revenue(OLD.restaurant_id, OLD.created_at, OLD.amount_minor::bigint);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_add_revenue(NEW.restaurant_id, NEW.created_at, -NEW.amount_minor::bigint);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Recomputes one restaurant's rollups from the base tables, in its current time zone.
CREATE FUNCTION dashboard_rebuild(p_restaurant uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  SELECT r.timezone INTO tz FROM restaurants r WHERE r.id = p_restaurant;
  DELETE FROM dashboard_daily WHERE restaurant_id = p_restaurant;
  DELETE FROM dashboard_daily_status WHERE restaurant_id = p_restaurant;
  DELETE FROM dashboard_daily_dishes WHERE restaurant_id = p_restaurant;
  IF tz IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_daily (restaurant_id, day, orders, orders_total_minor, revenue_minor)
  SELECT p_restaurant, x.day, sum(x.orders), sum(x.total_minor), sum(x.revenue_minor)
  FROM (
    SELECT (o.created_at AT TIME ZONE tz)::date AS day, count(*) AS orders,
           sum(o.total_minor) AS total_minor, 0 AS revenue_minor
    FROM orders o
    WHERE o.restaurant_id = p_restaurant AND o.status <> 'cancelled'
    GROUP BY 1
    UNION ALL
    SELECT (p.succeeded_at AT TIME ZONE tz)::date, 0, 0, sum(p.amount_minor)
    FROM payments p
    WHERE p.restaurant_id = p_restaurant AND p.status IN ('succeeded', 'refunded') AND p.succeeded_at IS NOT NULL
    GROUP BY 1
    UNION ALL
    SELECT (f.created_at AT TIME ZONE tz)::date, 0, 0, -sum(f.amount_minor)
    FROM payment_refunds f
    WHERE f.restaurant_id = p_restaurant
    GROUP BY 1
  ) x
  GROUP BY x.day;
  INSERT INTO dashboard_daily_status (restaurant_id, day, status, orders)
  SELECT p_restaurant, (o.created_at AT TIME ZONE tz)::date, o.status, count(*)
  FROM orders o
  WHERE o.restaurant_id = p_restaurant
  GROUP BY 2, 3;
  INSERT INTO dashboard_daily_dishes (restaurant_id, day, menu_item_id, name, lines, quantity, revenue_minor)
  SELECT p_restaurant, (o.created_at AT TIME ZONE tz)::date,
         coalesce(l."menuItemId", '00000000-0000-0000-0000-000000000000'::uuid), coalesce(l.name, ''),
         count(*), coalesce(sum(l.quantity), 0), coalesce(sum(l."lineTotalMinor"), 0)
  FROM orders o
  CROSS JOIN LATERAL jsonb_to_recordset(o.items)
    AS l ("menuItemId" uuid, name text, quantity int, "lineTotalMinor" int)
  WHERE o.restaurant_id = p_restaurant AND o.status <> 'cancelled'
  GROUP BY 2, 3, 4;
END
$$;--> statement-breakpoint
-- A new time zone moves every figure to other local days: rebuild in the same transaction. The
-- FOR UPDATE waits for changes in flight that read the old zone (they hold FOR NO KEY UPDATE).
CREATE FUNCTION dashboard_timezone_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM restaurants r WHERE r.id = NEW.id FOR UPDATE;
  PERFORM dashboard_rebuild(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER dashboard_orders_rollup_insert AFTER INSERT OR DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION dashboard_orders_rollup();--> statement-breakpoint
CREATE TRIGGER dashboard_orders_rollup_update AFTER UPDATE OF status, total_minor, items, created_at, restaurant_id ON orders
FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_minor IS DISTINCT FROM NEW.total_minor
      OR OLD.items IS DISTINCT FROM NEW.items OR OLD.created_at IS DISTINCT FROM NEW.created_at
      OR OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id)
EXECUTE FUNCTION dashboard_orders_rollup();--> statement-breakpoint
CREATE TRIGGER dashboard_payments_rollup_insert AFTER INSERT OR DELETE ON payments
FOR EACH ROW EXECUTE FUNCTION dashboard_payments_rollup();--> statement-breakpoint
CREATE TRIGGER dashboard_payments_rollup_update AFTER UPDATE OF status, amount_minor, succeeded_at, restaurant_id ON payments
FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount_minor IS DISTINCT FROM NEW.amount_minor
      OR OLD.succeeded_at IS DISTINCT FROM NEW.succeeded_at OR OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id)
EXECUTE FUNCTION dashboard_payments_rollup();--> statement-breakpoint
CREATE TRIGGER dashboard_refunds_rollup AFTER INSERT OR UPDATE OF amount_minor, created_at, restaurant_id OR DELETE ON payment_refunds
FOR EACH ROW EXECUTE FUNCTION dashboard_refunds_rollup();--> statement-breakpoint
CREATE TRIGGER dashboard_timezone_rollup AFTER UPDATE OF timezone ON restaurants
FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
EXECUTE FUNCTION dashboard_timezone_rollup();--> statement-breakpoint
-- The rollups of the data already there.
SELECT dashboard_rebuild(r.id) FROM restaurants r;
