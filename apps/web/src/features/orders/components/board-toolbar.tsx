import { Link } from 'react-router';
import { CheckIcon, ExpandIcon, ReceiptIcon } from '../../../components/ui/icons';
import { StaffOfflineStatus } from '../../../components/ui/staff-offline-status';
import { t } from '../../../lib/i18n/i18n';
import type { StreamStatus } from '../api/order-stream';
import { ConnectionIndicator } from './connection-indicator';
import { SoundToggle } from './sound-toggle';
import type { OrderSound } from './use-order-sound';

/** Above the board: whether it is live, the new orders nobody looked at, the count and the toggles. */
export function BoardToolbar({
  status,
  unseen,
  openCount,
  sound,
  openBills,
  settledTables,
}: {
  status: StreamStatus;
  unseen: number;
  /** Open orders on the board; undefined while the list loads. */
  openCount: number | undefined;
  sound: OrderSound;
  /** Tables with an open bill; undefined while the list loads (or when it could not). */
  openBills: number | undefined;
  /** Table numbers whose visit ended a moment ago: someone can clear them. */
  settledTables: readonly number[];
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <div className="flex flex-wrap items-center gap-2">
          <ConnectionIndicator status={status} />
          <span role="status" aria-live="polite" data-testid="unseen-orders">
            {unseen > 0 ? (
              <span className="inline-flex min-h-9 items-center rounded-full bg-sky-300 px-3 text-sm font-bold text-slate-950">
                {t('orders.toolbar.newOrders', { count: unseen })}
              </span>
            ) : null}
          </span>
          {settledTables.length > 0 ? (
            <p
              data-testid="settled-tables"
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-green-400/15 px-3 text-sm font-bold text-green-300"
            >
              <CheckIcon className="size-4" />
              {t('orders.toolbar.settledTables', {
                count: settledTables.length,
                tables: settledTables.join(', '),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {openCount ? (
            <span className="text-sm font-medium text-slate-300 tabular-nums">
              {t('orders.toolbar.openOrders', { count: openCount })}
            </span>
          ) : null}
          <Link
            to="/dashboard/orders/bills"
            data-testid="bills-link"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-slate-800 px-3 text-sm font-bold text-slate-100 hover:bg-slate-700 focus-visible:outline-sky-300"
          >
            <ReceiptIcon />
            {openBills ? (
              <>
                {t('orders.toolbar.billsCount', { count: openBills })}
                <span className="sr-only"> {t('orders.toolbar.billsOpen', { count: openBills })}</span>
              </>
            ) : (
              t('orders.toolbar.bills')
            )}
          </Link>
          <SoundToggle sound={sound} />
          {/* One kitchen display: the station screen, with its tickets by station and course. */}
          <Link
            to="/dashboard/kitchen"
            data-testid="station-screen-link"
            className="hidden min-h-11 items-center gap-2 rounded-lg bg-slate-800 px-3 text-sm font-bold text-slate-100 hover:bg-slate-700 focus-visible:outline-sky-300 md:inline-flex"
          >
            <ExpandIcon />
            {t('orders.toolbar.stationScreen')}
          </Link>
        </div>
      </div>
      <StaffOfflineStatus tone="dark" />
    </>
  );
}
