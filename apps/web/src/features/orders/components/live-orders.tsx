import type { TBillUpdatedData } from '@tavolo/contract/events';
import type { TOrder } from '@tavolo/contract/orders';
import type { TServiceRequest } from '@tavolo/contract/table-service';
import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { useCurrentOrders } from '../../../lib/current-orders';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { LiveOrderActivityContext } from '../../../lib/live-order-activity';
import { wasSettled } from '../../../lib/settled-tables';
import { getStaffConnection } from '../../../lib/staff-connection';
import { TableServiceActivityContext } from '../../../lib/table-service-activity';
import { UnseenOrdersContext } from '../../../lib/unseen-orders';
import { type StreamStatus, useOrderStream } from '../api/order-stream';
import { describeServiceRequest } from '../model/service-requests';
import { useNewOrderAlerts } from './use-new-order-alerts';
import { type OrderSound, useOrderSound } from './use-order-sound';
import { useSettledTables } from './use-settled-tables';

/** The last call from a table, for the board's live region (`id` tells two equal sentences apart). */
export type RequestAnnouncement = { id: string; text: string } | null;

type LiveOrders = {
  status: StreamStatus;
  alerts: ReturnType<typeof useNewOrderAlerts>;
  sound: OrderSound;
  requestAnnouncement: RequestAnnouncement;
};

const LiveOrdersContext = createContext<LiveOrders | null>(null);

const BOARD_PATH = '/dashboard/orders';
/** The kitchen's screens show a new order as its tickets: no toast over them. */
const KITCHEN_PATH = '/dashboard/kitchen';

/**
 * One live connection for the whole dashboard: whatever screen staff are on, a new order chimes
 * (when the sound is on), counts on the Orders link and in the tab's title, and — off the board
 * and the kitchen's screens — says so in a toast. So does a table calling for staff. A table whose bill was settled is said in
 * a toast and kept for the bills screen. The board reads the same connection instead of opening
 * its own.
 */
export function LiveOrdersProvider({ children }: { children: ReactNode }) {
  const session = useCurrentSession();
  const orders = useCurrentOrders();
  const sound = useOrderSound();
  const alerts = useNewOrderAlerts(orders.data, sound.play);
  const toast = useToast();
  const { pathname } = useLocation();
  const onBoard = pathname === BOARD_PATH;
  const inKitchen = pathname === KITCHEN_PATH || pathname.startsWith(`${KITCHEN_PATH}/`);
  const tableService = useSettledTables();
  const [requestAnnouncement, setRequestAnnouncement] = useState<RequestAnnouncement>(null);
  const status = useOrderStream({
    onOrderCreated: (order: TOrder) => {
      alerts.notify(order);
      // A waiter's own order was just said sent on their phone: no second toast for it.
      const own = order.takenBy !== null && order.takenBy.id === session.userId;
      if (!onBoard && !inKitchen && !own) {
        toast.success(t('orders.live.newOrder', { number: order.number, table: order.tableNumber }));
      }
    },
    onServiceRequestCreated: (request: TServiceRequest) => {
      sound.play();
      const text = describeServiceRequest(request);
      // On the board the strip shows it and its live region says it; elsewhere a toast does.
      setRequestAnnouncement({ id: request.id, text });
      if (!onBoard) toast.success(text);
    },
    onBillClosed: (bill: TBillUpdatedData) => {
      const { tableId, tableNumber, visitId, totalMinor, paidMinor } = bill;
      // A merged, moved or cleared table's visit ends with nothing on it: nothing was settled.
      if (!wasSettled(bill)) return;
      if (tableService.noteSettled({ tableId, tableNumber, visitId, totalMinor, paidMinor })) {
        toast.success(t('orders.live.tableSettled', { table: tableNumber }));
      }
    },
  });
  // A stream that cannot get through counts towards "offline" on every staff screen (decision 042).
  useEffect(() => {
    if (status !== 'connecting') getStaffConnection().noteStream(status === 'live');
  }, [status]);
  useEffect(() => () => getStaffConnection().noteStream(true), []);
  // Other screens (the Overview) read the board's count and follow its changes through lib/.
  const activeOrders = orders.data?.length ?? null;
  const revision = orders.dataUpdatedAt;
  const live = status === 'live';
  const activity = useMemo(() => ({ activeOrders, revision, live }), [activeOrders, revision, live]);
  return (
    <LiveOrdersContext value={{ status, alerts, sound, requestAnnouncement }}>
      <LiveOrderActivityContext value={activity}>
        <TableServiceActivityContext value={tableService}>
          <UnseenOrdersContext value={alerts.unseenCount}>{children}</UnseenOrdersContext>
        </TableServiceActivityContext>
      </LiveOrderActivityContext>
    </LiveOrdersContext>
  );
}

export function useLiveOrders(): LiveOrders {
  const live = use(LiveOrdersContext);
  if (!live) throw new Error('useLiveOrders is used outside LiveOrdersProvider');
  return live;
}
