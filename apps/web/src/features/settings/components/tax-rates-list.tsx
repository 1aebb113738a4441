import type { TTaxRate } from '@tavolo/contract/taxes';
import { MAX_TAX_RATES } from '@tavolo/contract/values/taxes';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { formatRate } from '../../../lib/format';
import { sortTaxRates, useTaxRates } from '../../../lib/get-tax-rates';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteTaxRate } from '../api/delete-tax-rate';
import { useUpdateTaxRate } from '../api/update-tax-rate';
import { TaxRateDialog } from './tax-rate-dialog';

/**
 * The restaurant's tax rates: the default one (categories without their own rate and the service
 * charge are taxed at it) first. Add, change, make another the default, delete (after asking; the
 * server refuses a rate in use, and the default while others exist, and says why in a toast).
 */
export function TaxRatesList({ headingId }: { headingId: string }) {
  const toast = useToast();
  const rates = useTaxRates();
  const deletion = useDeleteTaxRate();
  const update = useUpdateTaxRate();
  // null: closed; { rate: null }: adding one.
  const [editing, setEditing] = useState<{ rate: TTaxRate | null } | null>(null);
  const [toDelete, setToDelete] = useState<TTaxRate | null>(null);
  const count = rates.data?.length ?? 0;

  const makeDefault = (rate: TTaxRate) => {
    const { name, rateBasisPoints } = rate;
    update.mutate(
      { id: rate.id, body: { name, rateBasisPoints, isDefault: true } },
      {
        onSuccess: () => toast.success(t('settings.taxes.madeDefault', { name })),
        onError: (error) =>
          toast.error(t('settings.taxes.makeDefaultFailed', { name, error: getErrorMessage(error) })),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id, name, isDefault } = toDelete;
    // The server says why in English, with the count; other languages say it from what the list knows.
    const refused = () =>
      isDefault && count > 1
        ? t('settings.taxes.deleteDefaultRefused', { name })
        : t('settings.taxes.deleteInUseRefused', { name });
    deletion.mutate(id, {
      onSuccess: () => toast.success(t('settings.taxes.deleted', { name })),
      onError: (error) =>
        toast.error(
          t('settings.taxes.deleteFailed', { name, error: getErrorMessage(error, { CONFLICT: refused }) }),
        ),
      onSettled: () => setToDelete(null),
    });
  };

  let list: ReactNode;
  if (!rates.data) {
    list = rates.isError ? (
      <QueryError
        title={t('settings.taxes.loadFailed')}
        error={rates.error}
        retrying={rates.isFetching}
        onRetry={() => void rates.refetch()}
      />
    ) : (
      <Loading />
    );
  } else if (rates.data.length === 0) {
    list = (
      <p className="rounded-lg bg-surface px-4 py-4 text-sm text-ink-muted" data-testid="no-tax-rates">
        {t('settings.taxes.empty')}
      </p>
    );
  } else {
    list = (
      <ul
        aria-labelledby={headingId}
        className="flex flex-col divide-y divide-line rounded-lg border border-line"
      >
        {sortTaxRates(rates.data).map((rate) => (
          // On a phone, edit and delete are icons (named for screen readers), and the actions go
          // under the rate when they do not fit beside it, to the right as on a wider screen.
          <li
            key={rate.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
            data-testid="tax-rate-item"
          >
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium break-words text-ink" data-testid="tax-rate-name">
                {rate.name}
              </span>
              <span className="text-ink tabular-nums">{formatRate(rate.rateBasisPoints)}</span>
              {rate.isDefault ? <Badge tone="accent">{t('settings.taxes.default')}</Badge> : null}
            </div>
            <div className="-mr-2 ml-auto flex flex-wrap justify-end gap-x-1 sm:mr-0">
              {rate.isDefault ? null : (
                <Button
                  variant="ghost"
                  onClick={() => makeDefault(rate)}
                  disabled={update.isPending}
                  pending={update.isPending && update.variables?.id === rate.id}
                >
                  <span aria-hidden="true">{t('settings.taxes.makeDefault')}</span>
                  <span className="sr-only">{t('settings.taxes.makeDefaultNamed', { name: rate.name })}</span>
                </Button>
              )}
              <Button variant="ghost" onClick={() => setEditing({ rate })}>
                <PencilIcon className="size-4" />
                <span aria-hidden="true" className="hidden sm:inline">
                  {t('settings.taxes.edit')}
                </span>
                <span className="sr-only">{t('settings.taxes.editNamed', { name: rate.name })}</span>
              </Button>
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => setToDelete(rate)}
              >
                <TrashIcon className="size-4" />
                <span aria-hidden="true" className="hidden sm:inline">
                  {t('settings.taxes.delete')}
                </span>
                <span className="sr-only">{t('settings.taxes.deleteNamed', { name: rate.name })}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  const full = count >= MAX_TAX_RATES;
  return (
    <>
      {list}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => setEditing({ rate: null })} disabled={!rates.data || full}>
          <PlusIcon />
          {t('settings.taxes.addRate')}
        </Button>
        {full ? (
          <span className="text-sm text-ink-muted">{t('settings.taxes.full', { max: MAX_TAX_RATES })}</span>
        ) : null}
      </div>
      <TaxRateDialog
        open={editing !== null}
        rate={editing?.rate ?? null}
        first={count === 0}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={
          toDelete
            ? t('settings.taxes.deleteTitle', { name: toDelete.name })
            : t('settings.taxes.deleteTitleUnnamed')
        }
        description={t('settings.taxes.deleteDescription')}
        confirmLabel={t('settings.taxes.deleteConfirm')}
        pendingLabel={t('settings.taxes.deleting')}
        pending={deletion.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
