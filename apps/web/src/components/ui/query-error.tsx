import { getErrorMessage } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { Button } from './button';
import { Card } from './card';

/** What a screen shows when its data could not be loaded, with a way to try again. */
export function QueryError({
  error,
  onRetry,
  title = t('ui.queryError.title'),
  retrying = false,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
  retrying?: boolean;
}) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-3">
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <p className="text-sm text-ink-muted">{getErrorMessage(error)}</p>
      <Button
        variant="secondary"
        onClick={onRetry}
        pending={retrying}
        pendingLabel={t('ui.queryError.retrying')}
      >
        {t('ui.queryError.retry')}
      </Button>
    </Card>
  );
}
