import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClassName } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { getErrorMessage, HttpError, RequestError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { isChunkLoadError } from './lazy-screen';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || `Error ${error.status}`;
  if (error instanceof HttpError || error instanceof RequestError) return getErrorMessage(error);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Something went wrong.';
}

/** The protected area's route error screen ("Unexpected Application Error!" in the original). */
export function ErrorScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const staleRelease = isChunkLoadError(error);
  const reload = () => window.location.reload();

  // Outside the dashboard shell there is no <main> yet: this screen is it.
  const Frame = fullScreen ? 'main' : 'div';
  return (
    <Frame className={cn('flex justify-center', fullScreen ? 'min-h-dvh items-center p-4' : 'py-8')}>
      <title>Error · Tavolo</title>
      <Card className="flex w-full max-w-lg flex-col gap-4" role="alert">
        <h1 className="text-xl font-semibold text-ink">Unexpected Application Error!</h1>
        {staleRelease ? (
          <p className="text-sm text-ink-muted">
            Tavolo has been updated, or the connection dropped while this screen was loading. Reload to get
            the latest version.
          </p>
        ) : (
          <p className="text-sm break-words text-ink-muted">{describe(error)}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={reload}>{staleRelease ? 'Reload' : 'Try again'}</Button>
          {staleRelease ? null : (
            <Link to="/dashboard/overview" className={buttonClassName('secondary')} reloadDocument>
              Go to the overview
            </Link>
          )}
        </div>
      </Card>
    </Frame>
  );
}
