import { useCallback, useState } from 'react';
import { type OrderDraft, readDraft, writeDraft } from '../model/order-draft';

const tabStorage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

/**
 * The table's draft, kept in the tab's sessionStorage: a reload or a trip to another screen finds
 * it (and the key of its sending) again; another tab, or another phone, has its own.
 */
export function useOrderDraft(tableId: string) {
  const [state, setState] = useState(() => readDraft(tabStorage(), tableId));
  // Another table on the same screen (a link from a toast): its own draft.
  const draft = state.tableId === tableId ? state : readDraft(tabStorage(), tableId);
  if (draft !== state) setState(draft);
  const update = useCallback((change: (current: OrderDraft) => OrderDraft) => {
    setState((current) => {
      const next = change(current);
      writeDraft(tabStorage(), next);
      return next;
    });
  }, []);
  return [draft, update] as const;
}
