import { Navigate } from 'react-router';
import { useMe } from '../api/me';

/**
 * Someone already signed in who opens /login or /signup goes straight to the dashboard.
 * `disabled` while the screen's own submit signs in, so that it decides where to go.
 */
export function RedirectIfSignedIn({ disabled = false }: { disabled?: boolean }) {
  const { data: me } = useMe();
  return me && !disabled ? <Navigate to="/dashboard/overview" replace /> : null;
}
