-- An order and its order.created event pass 2 kB once lines carry their tax (issue 31), and past
-- 2 kB PostgreSQL compresses a row's large values before storing it: on intake that was most of the
-- extra work of a taxed order, in the embedded database's single worker above all. These rows are
-- written once or a few times and read whole, and stay well under a page, so they are kept as they
-- are up to a page (8160 bytes is the largest target there is); past that they are compressed, as before.
ALTER TABLE "restaurant_events" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "orders" SET (toast_tuple_target = 8160);--> statement-breakpoint
-- place_orders (0029) takes a stock batch's units in the same statement (p_stock), so that staff
-- orders of counted dishes are placed in one round trip and no transaction, like any others.
DROP FUNCTION place_orders(jsonb, jsonb, jsonb, text);--> statement-breakpoint
CREATE FUNCTION place_orders(p_counts jsonb, p_orders jsonb, p_tables jsonb, p_channel text,
  p_stock jsonb DEFAULT NULL)
RETURNS TABLE (id uuid, number integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  units_moved integer;
  orders_placed integer;
BEGIN
  -- A stock batch's units (issue 30), all or none, before the restaurants' rows as everywhere: each
  -- counted dish's row locked in id order, then taken from where more than asked is left. A dish
  -- short, sold out by these orders, or no longer counted, and the whole statement is undone
  -- (SQLSTATE TV001): the caller places the batch again dish by dish, announcing what sells out.
  IF p_stock IS NOT NULL THEN
    PERFORM 1 FROM menu_items m WHERE m.id IN (SELECT (s ->> 'id')::uuid FROM jsonb_array_elements(p_stock) s)
    ORDER BY m.id FOR NO KEY UPDATE;
    UPDATE menu_items m SET stock_count = m.stock_count - w.units
    FROM jsonb_to_recordset(p_stock) AS w(restaurant_id uuid, id uuid, units int)
    WHERE m.id = w.id AND m.restaurant_id = w.restaurant_id AND m.stock_count > w.units;
    GET DIAGNOSTICS units_moved = ROW_COUNT;
    IF units_moved <> jsonb_array_length(p_stock) THEN
      RAISE EXCEPTION 'a counted dish is short, sells out or is no longer counted' USING ERRCODE = 'TV001';
    END IF;
  END IF;
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
  -- With units taken, every order is placed or none: a menu that moved undoes the units too.
  GET DIAGNOSTICS orders_placed = ROW_COUNT;
  IF p_stock IS NOT NULL AND orders_placed <> jsonb_array_length(p_orders) THEN
    RAISE EXCEPTION 'the menu moved under a stock batch' USING ERRCODE = 'TV001';
  END IF;
END
$$;
