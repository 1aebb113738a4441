-- /auth/me says whether a staff member has set an approval PIN (hasPin), from the account summary
-- each instance keeps (decision 023): setting or clearing a PIN now tells every instance, as a new
-- name does. (The journal's "when" follows 0027's by a day.)
DROP TRIGGER staff_auth_change ON staff;--> statement-breakpoint
CREATE TRIGGER staff_auth_change AFTER UPDATE OF active, role_id, name, restaurant_id, pin_hash OR DELETE ON staff
FOR EACH ROW EXECUTE FUNCTION notify_restaurant_change('tavolo_auth', 'restaurant_id');
