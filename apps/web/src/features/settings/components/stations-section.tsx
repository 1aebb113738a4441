import type { TStation } from '@tavolo/contract/kitchen';
import { MAX_STATIONS } from '@tavolo/contract/values/kitchen';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PencilIcon, PlusIcon, PrinterIcon, TrashIcon } from '../../../components/ui/icons';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { stationName, useStations } from '../../../lib/get-stations';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteStation } from '../api/delete-station';
import { StationDialog } from './station-dialog';

/** Kitchen first, then the others as the server lists them. */
function defaultFirst(stations: readonly TStation[]): TStation[] {
  return [...stations.filter((station) => station.isDefault), ...stations.filter((one) => !one.isDefault)];
}

/**
 * Where dishes are made: Kitchen (every restaurant's, the default, never deleted) and the stations
 * the restaurant adds, each with a network printer or without. Add, rename, change the printer,
 * delete (after asking: its categories and dishes go to Kitchen).
 */
export function StationsSection() {
  const toast = useToast();
  const stations = useStations();
  const deletion = useDeleteStation();
  // null: closed; { station: null }: adding one.
  const [editing, setEditing] = useState<{ station: TStation | null } | null>(null);
  const [toDelete, setToDelete] = useState<TStation | null>(null);
  const kitchen = stationName(stations.data, null);

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id, name } = toDelete;
    deletion.mutate(id, {
      onSuccess: () => toast.success(t('settings.stations.deleted', { name, kitchen })),
      onError: (error) =>
        toast.error(t('settings.stations.deleteFailed', { name, error: getErrorMessage(error) })),
      onSettled: () => setToDelete(null),
    });
  };

  let list: ReactNode;
  const full = (stations.data?.length ?? 0) >= MAX_STATIONS;
  if (!stations.data) {
    list = stations.isError ? (
      <QueryError
        title={t('settings.stations.loadFailed')}
        error={stations.error}
        retrying={stations.isFetching}
        onRetry={() => void stations.refetch()}
      />
    ) : (
      <Loading />
    );
  } else if (stations.data.length === 0) {
    list = (
      <p
        className="rounded-lg bg-surface px-4 py-4 text-center text-sm text-ink-muted"
        data-testid="no-stations"
      >
        {t('settings.stations.empty')}
      </p>
    );
  } else {
    list = (
      <ul
        aria-label={t('settings.stations.listLabel')}
        className="flex flex-col divide-y divide-line rounded-lg border border-line"
      >
        {defaultFirst(stations.data).map((station) => (
          <li
            key={station.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
            data-testid="station-item"
          >
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words text-ink">{station.name}</span>
                {station.isDefault ? <Badge tone="accent">{t('settings.stations.default')}</Badge> : null}
              </span>
              <span className="flex items-center gap-1 text-sm break-all text-ink-muted">
                {station.printer ? (
                  <>
                    <PrinterIcon className="size-4 shrink-0" />
                    {t('settings.stations.printsTo', {
                      host: station.printer.host,
                      port: station.printer.port,
                    })}
                  </>
                ) : (
                  t('settings.stations.noPrinter')
                )}
              </span>
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" onClick={() => setEditing({ station })}>
                <PencilIcon className="size-4" />
                <span aria-hidden="true">{t('settings.stations.edit')}</span>
                <span className="sr-only">{t('settings.stations.editNamed', { name: station.name })}</span>
              </Button>
              {station.isDefault ? null : (
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  onClick={() => setToDelete(station)}
                >
                  <TrashIcon className="size-4" />
                  <span aria-hidden="true">{t('settings.stations.delete')}</span>
                  <span className="sr-only">
                    {t('settings.stations.deleteNamed', { name: station.name })}
                  </span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {list}
      <p className="text-sm text-ink-muted">{t('settings.stations.kitchenNote', { kitchen })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => setEditing({ station: null })}
          disabled={!stations.data || full}
        >
          <PlusIcon />
          {t('settings.stations.addStation')}
        </Button>
        {full ? (
          <span className="text-sm text-ink-muted">{t('settings.stations.full', { max: MAX_STATIONS })}</span>
        ) : null}
      </div>
      <StationDialog
        open={editing !== null}
        station={editing?.station ?? null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={
          toDelete
            ? t('settings.stations.deleteTitle', { name: toDelete.name })
            : t('settings.stations.deleteTitleUnnamed')
        }
        description={t('settings.stations.deleteDescription', { kitchen })}
        confirmLabel={t('settings.stations.deleteConfirm')}
        pendingLabel={t('settings.stations.deleting')}
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
