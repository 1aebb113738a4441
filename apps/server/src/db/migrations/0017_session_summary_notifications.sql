-- GET /auth/me answers from memory too (decision 023): besides the principal it shows the account's
-- email, the restaurant's profile and its default payout account, so their changes empty the cache
-- on tavolo_auth as well. A row just inserted has no OLD: read the restaurant from NEW.
CREATE OR REPLACE FUNCTION notify_restaurant_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], coalesce(to_jsonb(coalesce(OLD, NEW)) ->> TG_ARGV[1], '*'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER owners_summary_change AFTER UPDATE OF email ON owners
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', '-');--> statement-breakpoint
CREATE TRIGGER staff_summary_change AFTER UPDATE OF email ON staff
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'restaurant_id');--> statement-breakpoint
CREATE TRIGGER restaurants_summary_change AFTER UPDATE OF name, currency, timezone, logo_url ON restaurants
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'id');--> statement-breakpoint
CREATE TRIGGER settlement_accounts_summary_change AFTER INSERT OR UPDATE OR DELETE ON settlement_accounts
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'restaurant_id');
