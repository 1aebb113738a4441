import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { guestRoutes } from '../app/guest-routes';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/**
 * The whole app (real routes and providers, the guest's too) in memory, starting at `path`. A
 * memory data router, for its `state` and `navigate`: the routes use nothing the declarative
 * router of the built app (app.tsx) lacks, so they behave alike; the e2e suite runs the latter.
 */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  // No retries in tests: a failure should show at once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter([...guestRoutes, ...routes], { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
