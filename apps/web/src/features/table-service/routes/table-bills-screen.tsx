import { type ReactNode, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ReceiptIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { StaffOfflineStatus } from '../../../components/ui/staff-offline-status';
import { useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useTableBills } from '../../../lib/table-bills';
import { useTableServiceActivity } from '../../../lib/table-service-activity';
import { BillList, BillListSkeleton } from '../components/bill-list';
import { BillSheet, type OpenedBill } from '../components/bill-sheet';
import { type BillRow, listBillRows } from '../model/table-bills';

const NO_SETTLED = [] as const;

/**
 * The open sheet lives in the URL (`?table=`): Back closes it on a phone, and the board's "Open
 * bill" on a call for the bill lands on it. It stays on the visit it was opened for, so that a
 * visit ending meanwhile says so instead of showing the table's next, empty bill.
 */
function useOpenedBill(rows: readonly BillRow[], loaded: boolean) {
  const [params, setParams] = useSearchParams();
  const tableId = params.get('table');
  const last = useRef<OpenedBill | null>(null);
  let opened: OpenedBill | null = null;
  if (tableId) {
    const row = rows.find((known) => known.kind === 'open' && known.tableId === tableId);
    if (row?.kind === 'open') {
      opened = { tableId, tableNumber: row.tableNumber, visitId: row.bill.visitId };
    } else if (last.current?.tableId === tableId) {
      opened = last.current;
    } else if (loaded) {
      // A table without an open bill in the list (yet): its current bill, whichever it is.
      opened = { tableId, tableNumber: null, visitId: null };
    }
  }
  last.current = opened;

  const open = (row: Extract<BillRow, { kind: 'open' }>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('table', row.tableId);
      return next;
    });
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('table');
        return next;
      },
      { replace: true },
    );
  return { opened, open, close };
}

/**
 * The tables' bills, live: every table with an open bill and what it still owes, and the tables
 * settled a moment ago (so whoever clears them knows). The board's stream keeps it fresh.
 */
export function TableBillsScreen() {
  const { restaurant } = useCurrentSession();
  const bills = useTableBills();
  const settled = useTableServiceActivity()?.settled ?? NO_SETTLED;
  const data = bills.data;
  const rows = useMemo(() => listBillRows(data?.items ?? [], settled), [data, settled]);
  const sheet = useOpenedBill(rows, data !== undefined);
  const currency = data?.currency ?? restaurant.currency;
  const dueMinor = data?.items.reduce((sum, bill) => sum + bill.dueMinor, 0) ?? 0;
  const openCount = data?.items.length ?? 0;

  let content: ReactNode;
  if (bills.isPending) {
    content = <BillListSkeleton />;
  } else if (bills.isError && !data) {
    content = (
      <QueryError
        title={t('table-service.screen.loadFailed')}
        error={bills.error}
        retrying={bills.isFetching}
        onRetry={() => void bills.refetch()}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={<ReceiptIcon />}
        title={t('table-service.screen.noOpenBills')}
        description={t('table-service.screen.noOpenBillsHint')}
        action={
          <Link to="/dashboard/orders" className={buttonClassName('secondary')}>
            {t('table-service.screen.openLiveBoard')}
          </Link>
        }
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        {bills.isError ? (
          <QueryError
            title={t('table-service.screen.latestLoadFailed')}
            error={bills.error}
            retrying={bills.isFetching}
            onRetry={() => void bills.refetch()}
          />
        ) : null}
        <BillList rows={rows} currency={currency} timezone={restaurant.timezone} onOpen={sheet.open} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('table-service.screen.title')}
        description={t('table-service.screen.description')}
        actions={
          <Link to="/dashboard/orders" className={buttonClassName('secondary')}>
            <ReceiptIcon />
            {t('table-service.screen.liveBoard')}
          </Link>
        }
      />
      <div className="flex flex-col gap-4">
        <StaffOfflineStatus />
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="bills-count">
          {data
            ? openCount === 0
              ? t('table-service.screen.noOpenBills')
              : t('table-service.screen.count', { count: openCount, due: formatMoney(dueMinor, currency) })
            : '\u00a0'}
        </p>
        {content}
      </div>
      <BillSheet opened={sheet.opened} onClose={sheet.close} />
    </>
  );
}
