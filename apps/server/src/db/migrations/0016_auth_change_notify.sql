-- Every change that can change who a session token stands for NOTIFYs tavolo_auth, delivered at
-- commit to every instance, which then drops its cached sessions of that restaurant ('*': all).
-- The argument names the column holding the restaurant; a row without one (an owner) says '*'.
CREATE FUNCTION auth_change_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tavolo_auth', coalesce(to_jsonb(OLD) ->> TG_ARGV[0], '*'));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Revoked, expired early or moved to another restaurant (an owner switching).
CREATE TRIGGER sessions_auth_change AFTER UPDATE OF revoked_at, expires_at, restaurant_id OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION auth_change_notify('restaurant_id');--> statement-breakpoint
-- Deactivated, given another role, renamed or removed (not a sign-in's last_login_at).
CREATE TRIGGER staff_auth_change AFTER UPDATE OF active, role_id, name, restaurant_id OR DELETE ON staff
FOR EACH ROW EXECUTE FUNCTION auth_change_notify('restaurant_id');--> statement-breakpoint
CREATE TRIGGER roles_auth_change AFTER UPDATE OF permissions, restaurant_id OR DELETE ON roles
FOR EACH ROW EXECUTE FUNCTION auth_change_notify('restaurant_id');--> statement-breakpoint
CREATE TRIGGER restaurants_auth_change AFTER UPDATE OF owner_id OR DELETE ON restaurants
FOR EACH ROW EXECUTE FUNCTION auth_change_notify('id');--> statement-breakpoint
-- An owner's name is on every session of every restaurant they own.
CREATE TRIGGER owners_auth_change AFTER UPDATE OF name OR DELETE ON owners
FOR EACH ROW EXECUTE FUNCTION auth_change_notify('-');
