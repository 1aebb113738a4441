import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ReceiptIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { useTableBills } from '../../../lib/table-bills';
import { useTableServiceActivity } from '../../../lib/table-service-activity';
import { BillList, BillListSkeleton } from '../components/bill-list';
import { BillSheet, type OpenedBill } from '../components/bill-sheet';
import { listBillRows } from '../model/table-bills';

const NO_SETTLED = [] as const;

/**
 * The tables' bills, live: every table with an open bill and what it still owes, and the tables
 * settled a moment ago (so whoever clears them knows). The board's stream keeps it fresh.
 */
export function TableBillsScreen() {
  const { restaurant } = useCurrentSession();
  const bills = useTableBills();
  const settled = useTableServiceActivity()?.settled ?? NO_SETTLED;
  const [opened, setOpened] = useState<OpenedBill | null>(null);
  const data = bills.data;
  const rows = useMemo(() => listBillRows(data?.items ?? [], settled), [data, settled]);
  const currency = data?.currency ?? restaurant.currency;
  const dueMinor = data?.items.reduce((sum, bill) => sum + bill.dueMinor, 0) ?? 0;
  const openCount = data?.items.length ?? 0;

  let content: ReactNode;
  if (bills.isPending) {
    content = <BillListSkeleton />;
  } else if (bills.isError && !data) {
    content = (
      <QueryError
        title="Could not load the bills"
        error={bills.error}
        retrying={bills.isFetching}
        onRetry={() => void bills.refetch()}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={<ReceiptIcon />}
        title="No open bills"
        description="A table's bill opens with its first order and closes once it is paid in full, or closed here."
        action={
          <Link to="/dashboard/orders" className={buttonClassName('secondary')}>
            Open the live board
          </Link>
        }
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-4">
        {bills.isError ? (
          <QueryError
            title="Could not load the latest bills"
            error={bills.error}
            retrying={bills.isFetching}
            onRetry={() => void bills.refetch()}
          />
        ) : null}
        <BillList
          rows={rows}
          currency={currency}
          timezone={restaurant.timezone}
          onOpen={(row) =>
            setOpened({ tableId: row.tableId, tableNumber: row.tableNumber, visitId: row.bill.visitId })
          }
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Bills"
        description="Every table with an open bill and what it still owes, live."
        actions={
          <Link to="/dashboard/orders" className={buttonClassName('secondary')}>
            <ReceiptIcon />
            Live board
          </Link>
        }
      />
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="bills-count">
          {data
            ? openCount === 0
              ? 'No open bills'
              : `${openCount} open ${openCount === 1 ? 'bill' : 'bills'} · ${formatMoney(dueMinor, currency)} due`
            : '\u00a0'}
        </p>
        {content}
      </div>
      <BillSheet opened={opened} onClose={() => setOpened(null)} />
    </>
  );
}
