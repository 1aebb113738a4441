import { Component, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { Button } from '../components/ui/button';
import { NewReleaseBanner } from '../components/ui/new-release-banner';
import { GuestNotice } from '../features/guest/components/guest-notice';
import { t } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { guestRoutes } from './guest-routes';
import { isChunkLoadError } from './lazy-screen';
import { NotFoundScreen } from './not-found-screen';
import { AppProviders } from './providers';

const routes = [...guestRoutes, { path: '*', element: <NotFoundScreen /> }];

function GuestRoutes() {
  return useRoutes(routes);
}

/** A screen that failed to render: most often its code did not arrive (a new release, a lost connection). */
class GuestErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <GuestNotice
        title={t('guest.error.title')}
        action={
          <Button size="large" onClick={() => window.location.reload()}>
            {t('guest.error.reload')}
          </Button>
        }
      >
        <p>{isChunkLoadError(this.state.error) ? t('guest.error.updated') : t('guest.error.notShown')}</p>
      </GuestNotice>
    );
  }
}

/**
 * The guest's app (guest.html): the guest pages only, on React Router's declarative router, which
 * is much lighter than the data router the dashboard needs. Nothing of the dashboard, its forms or
 * its charts is reachable from here.
 */
export function GuestApp({ queryClient = createQueryClient() }) {
  return (
    <AppProviders queryClient={queryClient}>
      <GuestErrorBoundary>
        <BrowserRouter>
          <GuestRoutes />
        </BrowserRouter>
      </GuestErrorBoundary>
      <NewReleaseBanner />
    </AppProviders>
  );
}
