-- Stock counts (PRODUCT.md §10, decision 035): a dish's units left to order, null when it is not
-- counted. Orders take from it and voids give back inside their own transactions; the check keeps
-- it from ever going below zero, whatever races. (The journal's "when" follows 0024's by two days,
-- leaving 0025 the day between, as the migrator needs them in order.)
ALTER TABLE "menu_items" ADD COLUMN "stock_count" integer;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_stock_count_not_negative" CHECK ("menu_items"."stock_count" >= 0);
