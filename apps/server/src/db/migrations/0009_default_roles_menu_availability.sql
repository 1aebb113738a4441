-- Marking a dish sold out became its own permission, menu.availability (PRODUCT.md §2). The roles
-- that did it before (Waiter and Kitchen through orders.manage, Manager through menu.manage) keep
-- doing it, whatever the case of their name.
UPDATE "roles" SET "permissions" = array_append("permissions", 'menu.availability')
WHERE lower("name") IN ('manager', 'waiter', 'kitchen') AND NOT ('menu.availability' = ANY("permissions"));
--> statement-breakpoint
-- Every restaurant gets the default roles it lacks (by name, whatever the case), as a new one
-- starts with them (DEFAULT_ROLES in the contract).
INSERT INTO "roles" ("restaurant_id", "name", "permissions")
SELECT "r"."id", "d"."name", "d"."permissions"
FROM "restaurants" "r"
CROSS JOIN (VALUES
  ('Manager', ARRAY['dashboard.view', 'orders.view', 'orders.manage', 'orders.create', 'menu.manage', 'menu.availability', 'tables.manage', 'staff.manage', 'roles.manage', 'payments.view', 'payments.manage', 'wallet.view', 'reviews.view']::text[]),
  ('Waiter', ARRAY['orders.view', 'orders.create', 'orders.manage', 'menu.availability', 'reviews.view']::text[]),
  ('Kitchen', ARRAY['orders.view', 'orders.manage', 'menu.availability']::text[]),
  ('Cashier', ARRAY['orders.view', 'payments.view', 'payments.manage']::text[])
) AS "d" ("name", "permissions")
WHERE NOT EXISTS (
  SELECT 1 FROM "roles" "x" WHERE "x"."restaurant_id" = "r"."id" AND lower("x"."name") = lower("d"."name")
);
