-- Orders come in batches (the order intake's group commit, decision 005): the rollups of inserted
-- orders are counted once per statement, from its transition table (three upserts for the whole
-- batch), instead of four statements per order. Deleted orders keep the row trigger.
CREATE FUNCTION dashboard_orders_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF dashboard_rollups_off() THEN
    RETURN NULL;
  END IF;
  -- dashboard_local_day's lock order: the restaurants' rows (in id order), then the rollup rows.
  PERFORM 1 FROM restaurants r WHERE r.id IN (SELECT o.restaurant_id FROM inserted_orders o)
  ORDER BY r.id FOR NO KEY UPDATE;
  WITH dated AS (
    SELECT o.restaurant_id, (o.created_at AT TIME ZONE r.timezone)::date AS day, o.status, o.total_minor, o.items
    FROM inserted_orders o JOIN restaurants r ON r.id = o.restaurant_id
  ), daily AS (
    INSERT INTO dashboard_daily AS d (restaurant_id, day, orders, orders_total_minor)
    SELECT restaurant_id, day, count(*)::integer, sum(total_minor)::bigint
    FROM dated WHERE status <> 'cancelled'
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (restaurant_id, day) DO UPDATE
      SET orders = d.orders + EXCLUDED.orders,
          orders_total_minor = d.orders_total_minor + EXCLUDED.orders_total_minor
    RETURNING 1
  ), dishes AS (
    INSERT INTO dashboard_daily_dishes AS d (restaurant_id, day, menu_item_id, name, lines, quantity, revenue_minor)
    SELECT o.restaurant_id, o.day,
           coalesce(l."menuItemId", '00000000-0000-0000-0000-000000000000'::uuid), coalesce(l.name, ''),
           count(*)::integer, coalesce(sum(l.quantity), 0)::bigint, coalesce(sum(l."lineTotalMinor"), 0)::bigint
    FROM dated o,
      jsonb_to_recordset(o.items) AS l ("menuItemId" uuid, name text, quantity int, "lineTotalMinor" int)
    WHERE o.status <> 'cancelled'
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (restaurant_id, day, menu_item_id, name) DO UPDATE
      SET lines = d.lines + EXCLUDED.lines,
          quantity = d.quantity + EXCLUDED.quantity,
          revenue_minor = d.revenue_minor + EXCLUDED.revenue_minor
    RETURNING 1
  )
  INSERT INTO dashboard_daily_status AS d (restaurant_id, day, status, orders)
  SELECT restaurant_id, day, status, count(*)::integer
  FROM dated
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (restaurant_id, day, status) DO UPDATE SET orders = d.orders + EXCLUDED.orders;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER dashboard_orders_rollup_insert ON orders;--> statement-breakpoint
CREATE TRIGGER dashboard_orders_rollup_delete AFTER DELETE ON orders
FOR EACH ROW EXECUTE FUNCTION dashboard_orders_rollup();--> statement-breakpoint
CREATE TRIGGER dashboard_orders_rollup_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS inserted_orders
FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_inserted();
