import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/spinner';
import { useMe } from '../features/auth/api/me';
import { CurrentSessionProvider } from '../lib/current-session';
import { personLanguage, speakPersonLanguage } from '../lib/i18n/person-language';
import { InLanguage } from './spoken-language';

/**
 * The gate of the dashboard: /auth/me decides, the stored hints never do. The dashboard speaks the
 * person's language (theirs, else the browser's), from its first frame and again when they change it.
 */
export function ProtectedRoute() {
  const location = useLocation();
  const { data: me, isPending, error } = useMe();

  if (isPending) return <Loading fullScreen />;
  // Could not ask the server (offline, 5xx): the error screen offers to try again.
  if (!me && error) throw error;
  if (!me) return <Navigate to="/login" replace state={{ from: location }} />;
  return (
    <InLanguage language={personLanguage(me.language)} speak={speakPersonLanguage}>
      <CurrentSessionProvider session={me}>
        <Outlet />
      </CurrentSessionProvider>
    </InLanguage>
  );
}
