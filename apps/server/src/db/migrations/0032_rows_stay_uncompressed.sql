-- An order and its order.created event pass 2 kB once lines carry their tax (issue 31), and past
-- 2 kB PostgreSQL compresses a row's large values before storing it: on intake that was most of the
-- extra work of a taxed order, in the embedded database's single worker above all. These rows are
-- written once or a few times and read whole, and stay well under a page, so they are kept as they
-- are up to a page (8160 bytes is the largest target there is); past that they are compressed, as before.
ALTER TABLE "restaurant_events" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "orders" SET (toast_tuple_target = 8160);
