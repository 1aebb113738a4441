import { BrowserRouter, useRoutes } from 'react-router';
import { NewReleaseBanner } from '../components/ui/new-release-banner';
import { setReachListener } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { getStaffConnection } from '../lib/staff-connection';
import { AppProviders } from './providers';
import { routes } from './router';
import { watchForLapsedSession } from './session-lapse';

const queryClient = createQueryClient();
watchForLapsedSession(queryClient);
// Requests that get no answer count towards "offline" on the staff screens (decision 042).
setReachListener((reached) => getStaffConnection().noteRequest(reached));

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <NewReleaseBanner />
    </AppProviders>
  );
}
