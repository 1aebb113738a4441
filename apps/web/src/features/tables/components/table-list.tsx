import type { TTable } from '@tavolo/contract/tables';
import { t } from '../../../lib/i18n/i18n';
import { TableCard, type TableCardActions } from './table-card';

/** The restaurant's tables as cards, under a heading that counts them. */
export function TableList({
  tables,
  toggling,
  ...actions
}: { tables: readonly TTable[]; toggling: ReadonlySet<string> } & TableCardActions) {
  const active = tables.filter((table) => table.active).length;
  return (
    <section aria-labelledby="table-list-heading" className="flex flex-col gap-3">
      <h2 id="table-list-heading" className="text-base font-semibold text-ink">
        {t('tables.list.count', { count: tables.length })}{' '}
        <span className="font-normal text-ink-muted">· {t('tables.list.active', { count: active })}</span>
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {tables.map((table) => (
          <TableCard key={table.id} table={table} toggling={toggling.has(table.id)} {...actions} />
        ))}
      </ul>
    </section>
  );
}
