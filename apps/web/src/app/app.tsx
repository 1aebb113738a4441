import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { watchForLapsedSession } from './session-lapse';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
watchForLapsedSession(queryClient);

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
