import type { TTable } from '@tavolo/contract/tables';
import { useCallback, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
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
                ? `Table ${table.number} is active: guests can order from its code.`
                : `Table ${table.number} is inactive: its code shows a notice instead of the menu.`,
            ),
          onError: (error) => toast.error(`Table ${table.number} was not changed: ${getErrorMessage(error)}`),
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
