import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/spinner';
import { useMe } from '../features/auth/api/me';
import { CurrentSessionProvider } from '../lib/current-session';

/** The gate of the dashboard: /auth/me decides, the stored hints never do. */
export function ProtectedRoute() {
  const location = useLocation();
  const { data: me, isPending, error } = useMe();

  if (isPending) return <Loading fullScreen />;
  // Could not ask the server (offline, 5xx): the error screen offers to try again.
  if (!me && error) throw error;
  if (!me) return <Navigate to="/login" replace state={{ from: location }} />;
  return (
    <CurrentSessionProvider session={me}>
      <Outlet />
    </CurrentSessionProvider>
  );
}
