import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  addSettledTable,
  pruneSettledTables,
  SETTLED_SHOWN_MS,
  type SettledTable,
} from '../../../lib/settled-tables';
import type { TableServiceActivity } from '../../../lib/table-service-activity';

/** The tables settled in the last few minutes, forgotten on their own once that time has passed. */
export function useSettledTables(): TableServiceActivity {
  const [settled, setSettled] = useState<readonly SettledTable[]>([]);
  // Read before any re-render: the close's answer and the stream's event may come in one tick.
  const known = useRef<readonly SettledTable[]>([]);

  const noteSettled = useCallback((table: Omit<SettledTable, 'at'>) => {
    const now = Date.now();
    const current = pruneSettledTables(known.current, now);
    const next = addSettledTable(current, { ...table, at: now });
    known.current = next;
    setSettled(next);
    return next !== current;
  }, []);

  const oldest = settled.at(-1)?.at;
  useEffect(() => {
    if (oldest === undefined) return;
    const timer = setTimeout(
      () => {
        known.current = pruneSettledTables(known.current, Date.now());
        setSettled(known.current);
      },
      Math.max(0, oldest + SETTLED_SHOWN_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [oldest]);

  return useMemo(() => ({ settled, noteSettled }), [settled, noteSettled]);
}
