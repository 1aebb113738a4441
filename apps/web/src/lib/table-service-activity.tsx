import { createContext, use } from 'react';
import type { SettledTable } from './settled-tables';

/**
 * What the dashboard's one live connection knows of the tables' bills, for the bills screen: the
 * tables settled a moment ago. The orders feature's LiveOrdersProvider provides it (it holds the
 * stream); without orders.view there is none.
 */
export interface TableServiceActivity {
  /** Tables whose visit ended in the last few minutes, newest first. */
  settled: readonly SettledTable[];
  /**
   * Notes a visit that ended. Answers false when it was already known, so that whoever closed the
   * bill here and the stream's event for it do not both announce it.
   */
  noteSettled: (table: Omit<SettledTable, 'at'>) => boolean;
}

export const TableServiceActivityContext = createContext<TableServiceActivity | null>(null);

export function useTableServiceActivity(): TableServiceActivity | null {
  return use(TableServiceActivityContext);
}
