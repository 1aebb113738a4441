import type { TBackupsState } from '@tavolo/contract/backups';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useBackups } from '../api/get-backups';
import { useTakeBackup } from '../api/take-backup';
import { describeBackupsUnavailable, describeNextBackup, formatBytes } from '../model/backups';

/** Why "take one now" was refused, in words. */
function describeTakeFailure(error: unknown): string {
  if (isHttpError(error, 409) && error.code === 'BACKUP_RUNNING') return t('settings.backups.alreadyRunning');
  if (isHttpError(error, 409) && error.code === 'BACKUPS_UNAVAILABLE')
    return t('settings.backups.takeUnavailable');
  return t('settings.backups.takeFailed', { reason: getErrorMessage(error) });
}

function BackupsFigures({ state, timeZone }: { state: TBackupsState; timeZone: string }) {
  return (
    <dl className="grid gap-2 sm:grid-cols-2">
      <div className="flex flex-col gap-0.5 rounded-lg bg-surface p-3" data-testid="backup-last">
        <dt className="text-xs font-medium text-ink-muted">{t('settings.backups.last')}</dt>
        <dd className="text-sm font-semibold text-ink">
          {state.lastAt ? formatDateTime(state.lastAt, timeZone) : t('settings.backups.none')}
        </dd>
        {state.lastAttemptFailed ? (
          <dd className="text-xs font-medium text-red-800" data-testid="backup-failed">
            {state.lastFailure === 'tools_missing'
              ? t('settings.backups.failedTools')
              : t('settings.backups.failed')}
          </dd>
        ) : null}
      </div>
      <div className="flex flex-col gap-0.5 rounded-lg bg-surface p-3" data-testid="backup-next">
        <dt className="text-xs font-medium text-ink-muted">{t('settings.backups.next')}</dt>
        <dd className="text-sm font-semibold text-ink">{describeNextBackup(state, timeZone)}</dd>
      </div>
    </dl>
  );
}

function BackupsList({ state, timeZone }: { state: TBackupsState; timeZone: string }) {
  if (state.items.length === 0)
    return <p className="text-sm text-ink-muted">{t('settings.backups.empty')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink">
        {t('settings.backups.kept', { count: state.items.length, keep: state.keep })}
      </h3>
      <ul
        className="flex flex-col divide-y divide-line rounded-lg border border-line"
        data-testid="backup-list"
      >
        {state.items.map((item) => (
          <li
            key={item.name}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-3 py-2 text-sm"
            data-testid="backup-item"
          >
            <span className="font-medium text-ink">{formatDateTime(item.at, timeZone)}</span>
            <span className="text-ink-muted tabular-nums">{formatBytes(item.bytes)}</span>
            <code className="basis-full truncate text-xs text-ink-muted">{item.name}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Settings → Backups (owners): the last and the next automatic backup, the ones kept, and one taken
 * now. The backup runs on the server out of service's way; the section follows it until it is done.
 */
export function BackupsSection() {
  const { restaurant } = useCurrentSession();
  const backups = useBackups();
  const take = useTakeBackup();
  const toast = useToast();
  const timeZone = restaurant.timezone;
  const state = backups.data;

  if (!state) {
    return backups.isError ? (
      <QueryError
        title={t('settings.backups.loadFailed')}
        error={backups.error}
        retrying={backups.isFetching}
        onRetry={() => void backups.refetch()}
      />
    ) : (
      <Loading />
    );
  }
  const unavailable = describeBackupsUnavailable(state);
  const running = state.running !== null;
  const start = async () => {
    try {
      await take.mutateAsync();
      toast.success(t('settings.backups.started'));
    } catch (failure) {
      toast.error(describeTakeFailure(failure));
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="backups">
      <BackupsFigures state={state} timeZone={timeZone} />
      {unavailable ? (
        <Alert tone="info">{unavailable}</Alert>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => void start()}
            disabled={running}
            pending={take.isPending}
            pendingLabel={t('settings.backups.starting')}
          >
            {t('settings.backups.take')}
          </Button>
          {running ? (
            <Badge tone="warning">
              <span role="status" data-testid="backup-running">
                {t('settings.backups.running')}
              </span>
            </Badge>
          ) : null}
        </div>
      )}
      <BackupsList state={state} timeZone={timeZone} />
      <p className="text-xs text-ink-muted">{t('settings.backups.whole')}</p>
    </div>
  );
}
