-- Languages (decision 028): each person's (null: their browser's), each restaurant's (the first is its
-- working language: the base texts, tickets and receipts; existing restaurants wrote theirs in English),
-- and the translations of categories and dishes, by language, beside their base texts. (The journal's
-- "when" follows 0021's by a day, as the others do.)
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "owners" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "languages" text[] DEFAULT '{en}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_languages_not_empty" CHECK (cardinality("restaurants"."languages") >= 1);--> statement-breakpoint
-- GET /auth/me shows the person's language and the restaurant's languages from memory (decision 023):
-- their changes empty the cache on every instance, as 0016 and 0017 do for what it showed before.
CREATE TRIGGER owners_language_change AFTER UPDATE OF language ON owners
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', '-');--> statement-breakpoint
CREATE TRIGGER staff_language_change AFTER UPDATE OF language ON staff
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'restaurant_id');--> statement-breakpoint
CREATE TRIGGER restaurants_languages_change AFTER UPDATE OF languages ON restaurants
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'id');
