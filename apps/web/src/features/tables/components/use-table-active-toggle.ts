import type { TTable } from '@tavolo/contract/tables';
import { useCallback, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateTable } from '../api/update-table';

/**
 * Switches tables on and off with a toast for each, and knows which tables are switching right
 * now (several can be at once, so their cards show their own pending state).
 */
export function useTableActiveToggle() {
  const toast = useToast();
  const { mutate: mutateUpdate } = useUpdateTable();
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());

  const setActive = useCallback(
    (table: TTable, active: boolean, onDone?: () => void) => {
      setToggling((ids) => new Set(ids).add(table.id));
      mutateUpdate(
        { id: table.id, body: { active } },
        {
          onSuccess: () =>
            toast.success(
              active
                ? t('tables.toggle.activated', { number: table.number })
                : t('tables.toggle.deactivated', { number: table.number }),
            ),
          onError: (error) =>
            toast.error(t('tables.toggle.failed', { number: table.number, reason: getErrorMessage(error) })),
          onSettled: () => {
            setToggling((ids) => {
              const next = new Set(ids);
              next.delete(table.id);
              return next;
            });
            onDone?.();
          },
        },
      );
    },
    [mutateUpdate, toast],
  );

  return { toggling, setActive };
}
