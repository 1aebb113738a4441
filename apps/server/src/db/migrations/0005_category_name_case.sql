DROP INDEX "categories_restaurant_name_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "categories_restaurant_name_idx" ON "categories" USING btree ("restaurant_id",lower("name"));