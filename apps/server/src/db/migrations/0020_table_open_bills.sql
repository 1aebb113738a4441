-- Each table's open bill in figures (decisions 005, 022): placing a batch of orders summed every
-- order of each table's open bill for its bill.updated, a cost that grew with the bill (a table that
-- orders all evening; the bench's tables, never paid, went from 2 to 5.5 ms a batch in ten seconds).
-- Triggers on orders keep one row per table instead, whatever writes the orders. A table without a
-- row is counted in full from its orders at its next change (and read that way until then).
CREATE TABLE "table_open_bills" (
	"table_id" uuid PRIMARY KEY NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "table_open_bills" ADD CONSTRAINT "table_open_bills_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A table's open bill counted afresh from its orders (those with no visit yet, cancelled ones left
-- out): what a table without a row is counted as. A SQL function, so the planner inlines it.
CREATE FUNCTION table_open_bill_counted(p_table uuid)
RETURNS TABLE (total bigint, paid bigint)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(o.total_minor), 0)::bigint, coalesce(sum(o.paid_minor), 0)::bigint
  FROM orders o WHERE o.table_id = p_table AND o.visit_id IS NULL AND o.status <> 'cancelled'
$$;
--> statement-breakpoint
-- Moves the open bills by the given changes (a table's orders joining or leaving its open bill, or
-- their money moving). Lock order as the rollups' (decision 018): the restaurants' rows in id order,
-- then these rows, so the writers of one restaurant queue and never deadlock. A table deleted in this
-- transaction is left out (its row went with it).
CREATE FUNCTION table_open_bills_move(p_table uuid[], p_restaurant uuid[], p_total bigint[], p_paid bigint[])
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(p_table), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM restaurants r WHERE r.id = ANY (p_restaurant) ORDER BY r.id FOR NO KEY UPDATE;
  WITH change AS (
    SELECT c.table_id, t.restaurant_id, sum(c.total) AS total, sum(c.paid) AS paid
    FROM unnest(p_table, p_total, p_paid) AS c(table_id, total, paid)
    JOIN dining_tables t ON t.id = c.table_id
    GROUP BY 1, 2
  ), moved AS (
    UPDATE table_open_bills b SET total_minor = b.total_minor + c.total, paid_minor = b.paid_minor + c.paid
    FROM change c WHERE b.table_id = c.table_id
    RETURNING b.table_id
  )
  -- The orders already hold the change: a table not counted yet is counted in full.
  INSERT INTO table_open_bills (table_id, restaurant_id, total_minor, paid_minor)
  SELECT c.table_id, c.restaurant_id, s.total, s.paid
  FROM change c CROSS JOIN LATERAL table_open_bill_counted(c.table_id) s
  WHERE c.table_id NOT IN (SELECT m.table_id FROM moved m);
END
$$;
--> statement-breakpoint
-- An order is on its table's open bill while it has a table, no visit and is not cancelled.
CREATE FUNCTION table_open_bills_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement is planned when it first runs, so each branch reads only its own transition tables.
  IF TG_OP = 'INSERT' THEN
    PERFORM table_open_bills_move(array_agg(n.table_id), array_agg(n.restaurant_id),
      array_agg(n.total_minor::bigint), array_agg(n.paid_minor::bigint))
    FROM new_orders n
    WHERE n.table_id IS NOT NULL AND n.visit_id IS NULL AND n.status <> 'cancelled';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM table_open_bills_move(array_agg(o.table_id), array_agg(o.restaurant_id),
      array_agg(-o.total_minor::bigint), array_agg(-o.paid_minor::bigint))
    FROM old_orders o
    WHERE o.table_id IS NOT NULL AND o.visit_id IS NULL AND o.status <> 'cancelled';
  ELSE
    -- Only the orders whose part in an open bill changed: a step in the kitchen moves nothing.
    PERFORM table_open_bills_move(array_agg(c.table_id), array_agg(c.restaurant_id),
      array_agg(c.total), array_agg(c.paid))
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    CROSS JOIN LATERAL (
      SELECT o.table_id, o.restaurant_id, -o.total_minor::bigint, -o.paid_minor::bigint
      WHERE o.table_id IS NOT NULL AND o.visit_id IS NULL AND o.status <> 'cancelled'
      UNION ALL
      SELECT n.table_id, n.restaurant_id, n.total_minor::bigint, n.paid_minor::bigint
      WHERE n.table_id IS NOT NULL AND n.visit_id IS NULL AND n.status <> 'cancelled'
    ) AS c(table_id, restaurant_id, total, paid)
    WHERE (o.table_id, o.visit_id IS NULL, o.status = 'cancelled', o.total_minor, o.paid_minor)
      IS DISTINCT FROM (n.table_id, n.visit_id IS NULL, n.status = 'cancelled', n.total_minor, n.paid_minor);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER table_open_bills_orders_inserted AFTER INSERT ON orders
REFERENCING NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION table_open_bills_orders_changed();--> statement-breakpoint
CREATE TRIGGER table_open_bills_orders_updated AFTER UPDATE ON orders
REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
FOR EACH STATEMENT EXECUTE FUNCTION table_open_bills_orders_changed();--> statement-breakpoint
CREATE TRIGGER table_open_bills_orders_deleted AFTER DELETE ON orders
REFERENCING OLD TABLE AS old_orders
FOR EACH STATEMENT EXECUTE FUNCTION table_open_bills_orders_changed();--> statement-breakpoint
-- place_orders (migration 0019) reads each table's open bill from its row.
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
      id uuid, restaurant_id uuid, i int, table_id uuid, table_number int, source text, status text,
      items jsonb, subtotal_minor int, service_charge_minor int, tip_minor int, total_minor int,
      currency text, note text, customer_name text, guest_token_hash text, status_history jsonb,
      created_at timestamptz, event jsonb)
    JOIN numbered n ON n.id = o.restaurant_id
  ), placed AS (
    INSERT INTO orders (id, restaurant_id, number, table_id, table_number, source, status, items,
      subtotal_minor, service_charge_minor, tip_minor, total_minor, paid_minor, refunded_minor,
      payment_status, currency, note, customer_name, guest_token_hash, status_history, version,
      created_at, updated_at)
    SELECT id, restaurant_id, number, table_id, table_number, source, status, items,
      subtotal_minor, service_charge_minor, tip_minor, total_minor, 0, 0,
      'unpaid', currency, note, customer_name, guest_token_hash, status_history, 1,
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
