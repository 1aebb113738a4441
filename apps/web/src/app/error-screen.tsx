import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { getErrorMessage, HttpError, RequestError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { t } from '../lib/i18n/i18n';
import { isChunkLoadError } from './lazy-screen';

function describe(error: unknown): string {
  if (error instanceof HttpError || error instanceof RequestError) return getErrorMessage(error);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : t('app.error.unknown');
}

/** The protected area's route error screen ("Unexpected Application Error!" in the original). */
export function ErrorScreen({ error, fullScreen = false }: { error: unknown; fullScreen?: boolean }) {
  const staleRelease = isChunkLoadError(error);
  const reload = () => window.location.reload();

  // Outside the dashboard shell there is no <main> yet: this screen is it.
  const Frame = fullScreen ? 'main' : 'div';
  return (
    <Frame className={cn('flex justify-center', fullScreen ? 'min-h-dvh items-center p-4' : 'py-8')}>
      <title>{t('app.error.pageTitle')}</title>
      <Card className="flex w-full max-w-lg flex-col gap-4" role="alert">
        <h1 className="text-xl font-semibold text-ink">{t('app.error.title')}</h1>
        {staleRelease ? (
          <p className="text-sm text-ink-muted">{t('app.error.staleRelease')}</p>
        ) : (
          <p className="text-sm break-words text-ink-muted">{describe(error)}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={reload}>{staleRelease ? t('app.error.reload') : t('app.error.tryAgain')}</Button>
          {staleRelease ? null : (
            <Link to="/dashboard/overview" className={buttonClassName('secondary')} reloadDocument>
              {t('app.error.toOverview')}
            </Link>
          )}
        </div>
      </Card>
    </Frame>
  );
}

type BoundaryProps = { children: ReactNode; fullScreen: boolean; location: unknown };
type BoundaryState = { error: unknown; location: unknown };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // Another page clears the error, so that the navigation around it keeps working.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    const { error } = this.state;
    return error ? <ErrorScreen error={error} fullScreen={this.props.fullScreen} /> : this.props.children;
  }
}

/**
 * Shows what went wrong when a screen below it fails to render (its code did not arrive, a query
 * threw), until the next navigation: the app's routes use it where a data router would take an
 * `errorElement`, so that the light declarative router serves them.
 */
export function RouteErrorBoundary({
  children,
  fullScreen = false,
}: {
  children: ReactNode;
  fullScreen?: boolean;
}) {
  const location = useLocation();
  return (
    <ErrorBoundary fullScreen={fullScreen} location={location}>
      {children}
    </ErrorBoundary>
  );
}
