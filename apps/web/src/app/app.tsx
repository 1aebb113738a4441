import { BrowserRouter, useRoutes } from 'react-router';
import { NewReleaseBanner } from '../components/ui/new-release-banner';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { routes } from './router';
import { watchForLapsedSession } from './session-lapse';

const queryClient = createQueryClient();
watchForLapsedSession(queryClient);

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
