import { Navigate } from 'react-router';
import { landingPath } from '../../../lib/landing';
import { useMe } from '../api/me';

/**
 * Someone already signed in who opens /login or /signup goes straight to their screen of the dashboard.
 * `disabled` while the screen's own submit signs in, so that it decides where to go.
 */
export function RedirectIfSignedIn({ disabled = false }: { disabled?: boolean }) {
  const { data: me } = useMe();
  return me && !disabled ? <Navigate to={landingPath(me)} replace /> : null;
}
