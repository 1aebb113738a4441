-- Instances cache what they resolve often (sessions: decision 023; active tables: decision 005) and
-- empty those caches when the database announces a change: a NOTIFY on TG_ARGV[0], delivered at
-- commit to every instance, whose payload is the restaurant concerned, read from the row's column
-- TG_ARGV[1] ('*', any restaurant, for a row without one: an owner).
CREATE FUNCTION notify_restaurant_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], coalesce(to_jsonb(OLD) ->> TG_ARGV[1], '*'));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Who a session token stands for. Revoked, expired early or moved to another restaurant:
CREATE TRIGGER sessions_auth_change AFTER UPDATE OF revoked_at, expires_at, restaurant_id OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'restaurant_id');--> statement-breakpoint
-- Deactivated, given another role, renamed or removed (not a sign-in's last_login_at):
CREATE TRIGGER staff_auth_change AFTER UPDATE OF active, role_id, name, restaurant_id OR DELETE ON staff
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'restaurant_id');--> statement-breakpoint
CREATE TRIGGER roles_auth_change AFTER UPDATE OF permissions, restaurant_id OR DELETE ON roles
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'restaurant_id');--> statement-breakpoint
CREATE TRIGGER restaurants_auth_change AFTER UPDATE OF owner_id OR DELETE ON restaurants
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'id');--> statement-breakpoint
-- An owner's name is on every session of every restaurant they own.
CREATE TRIGGER owners_auth_change AFTER UPDATE OF name OR DELETE ON owners
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', '-');--> statement-breakpoint
-- Which table a guest's code names, and its restaurant. Every change a guest's menu shows moves the
-- menu version (profile, menu, categories, tables); a table may also change or go on its own.
CREATE TRIGGER restaurants_menu_change AFTER UPDATE OF menu_version OR DELETE ON restaurants
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_menu', 'id');--> statement-breakpoint
CREATE TRIGGER dining_tables_menu_change AFTER UPDATE OR DELETE ON dining_tables
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_menu', 'restaurant_id');
