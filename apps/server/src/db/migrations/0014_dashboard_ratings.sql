CREATE TABLE "dashboard_ratings" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_ratings" ADD CONSTRAINT "dashboard_ratings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The week's reviews are read by (restaurant, created_at) for the rating a week ago: covering, so
-- the read never visits the table.
DROP INDEX "reviews_restaurant_created_idx";--> statement-breakpoint
CREATE INDEX "reviews_restaurant_created_idx" ON "reviews" USING btree ("restaurant_id","created_at") INCLUDE ("rating");--> statement-breakpoint
CREATE FUNCTION dashboard_add_rating(p_restaurant uuid, p_rating integer, p_sign integer) RETURNS void
LANGUAGE sql AS $$
  -- A restaurant being deleted (its reviews go with it by cascade) keeps no sums.
  INSERT INTO dashboard_ratings (restaurant_id, rating_count, rating_sum)
  SELECT p_restaurant, p_sign, p_sign * p_rating WHERE EXISTS (SELECT 1 FROM restaurants WHERE id = p_restaurant)
  ON CONFLICT (restaurant_id) DO UPDATE
  SET rating_count = dashboard_ratings.rating_count + EXCLUDED.rating_count,
      rating_sum = dashboard_ratings.rating_sum + EXCLUDED.rating_sum
$$;--> statement-breakpoint
CREATE FUNCTION dashboard_ratings_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF dashboard_rollups_off() THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dashboard_add_rating(OLD.restaurant_id, OLD.rating, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dashboard_add_rating(NEW.restaurant_id, NEW.rating, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Recomputes one restaurant's rating sums from its reviews (after a bulk load with rollups off).
CREATE FUNCTION dashboard_rebuild_ratings(p_restaurant uuid) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO dashboard_ratings (restaurant_id, rating_count, rating_sum)
  SELECT p_restaurant, count(*), coalesce(sum(rating), 0) FROM reviews WHERE restaurant_id = p_restaurant
  ON CONFLICT (restaurant_id) DO UPDATE
  SET rating_count = EXCLUDED.rating_count, rating_sum = EXCLUDED.rating_sum
$$;--> statement-breakpoint
CREATE TRIGGER dashboard_ratings_rollup AFTER INSERT OR UPDATE OF rating, restaurant_id OR DELETE ON reviews
FOR EACH ROW EXECUTE FUNCTION dashboard_ratings_rollup();--> statement-breakpoint
SELECT dashboard_rebuild_ratings(r.id) FROM restaurants r;
