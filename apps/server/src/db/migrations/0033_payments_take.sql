-- custom: payments.take (PRODUCT.md §2): cash and card at the table, change due, no refunds. The
-- built-in Waiter, Cashier and Manager roles of every restaurant get it, as a new restaurant's do
-- (DEFAULT_ROLES), whatever the case of their name; refunds stay with payments.manage.
UPDATE "roles" SET "permissions" = array_append("permissions", 'payments.take')
WHERE lower("name") IN ('manager', 'waiter', 'cashier') AND NOT ('payments.take' = ANY("permissions"));
