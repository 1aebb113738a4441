-- The kitchen (PRODUCT.md §10): stations, and where categories and dishes are prepared and in which
-- course. Lines carry their station and kitchen state in orders.items (no column). (The journal's
-- "when" follows 0024's by a day.)
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"printer_host" text,
	"printer_port" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "course" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stations_restaurant_name_idx" ON "stations" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stations_restaurant_default_idx" ON "stations" USING btree ("restaurant_id") WHERE "stations"."is_default";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every restaurant has its default station, "Kitchen" (PRODUCT.md §10): those there are get one now,
-- new ones with their row, whoever inserts it.
INSERT INTO "stations" ("restaurant_id", "name", "is_default")
SELECT "id", 'Kitchen', true FROM "restaurants";
--> statement-breakpoint
CREATE FUNCTION restaurants_default_station() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stations (restaurant_id, name, is_default) VALUES (NEW.id, 'Kitchen', true);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER restaurants_default_station AFTER INSERT ON "restaurants"
FOR EACH ROW EXECUTE FUNCTION restaurants_default_station();
--> statement-breakpoint
-- Which stations have printers: each instance keeps it (migration 0016's notification), and forgets
-- it when a station is added, changed or deleted anywhere.
CREATE TRIGGER stations_menu_change AFTER INSERT OR UPDATE OR DELETE ON "stations"
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_menu', 'restaurant_id');
