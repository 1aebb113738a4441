import type { TOrder } from '@tavolo/contract/orders';
import { createContext, type ReactNode, use, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useToast } from '../../../components/ui/toast';
import { LiveOrderActivityContext } from '../../../lib/live-order-activity';
import { UnseenOrdersContext } from '../../../lib/unseen-orders';
import { useCurrentOrders } from '../api/get-current-orders';
import { type StreamStatus, useOrderStream } from '../api/order-stream';
import { useNewOrderAlerts } from './use-new-order-alerts';
import { type OrderSound, useOrderSound } from './use-order-sound';

type LiveOrders = {
  status: StreamStatus;
  alerts: ReturnType<typeof useNewOrderAlerts>;
  sound: OrderSound;
};

const LiveOrdersContext = createContext<LiveOrders | null>(null);

const BOARD_PATH = '/dashboard/orders';

/**
 * One live connection for the whole dashboard: whatever screen staff are on, a new order chimes
 * (when the sound is on), counts on the Orders link and in the tab's title, and — off the board —
 * says so in a toast. The board reads the same connection instead of opening its own.
 */
export function LiveOrdersProvider({ children }: { children: ReactNode }) {
  const orders = useCurrentOrders();
  const sound = useOrderSound();
  const alerts = useNewOrderAlerts(orders.data, sound.play);
  const toast = useToast();
  const { pathname } = useLocation();
  const onBoard = pathname === BOARD_PATH;
  const status = useOrderStream({
    onOrderCreated: (order: TOrder) => {
      alerts.notify(order);
      if (!onBoard) toast.success(`New order #${order.number} at table ${order.tableNumber}`);
    },
  });
  // Other screens (the Overview) read the board's count and follow its changes through lib/.
  const activeOrders = orders.data?.length ?? null;
  const revision = orders.dataUpdatedAt;
  const live = status === 'live';
  const activity = useMemo(() => ({ activeOrders, revision, live }), [activeOrders, revision, live]);
  return (
    <LiveOrdersContext value={{ status, alerts, sound }}>
      <LiveOrderActivityContext value={activity}>
        <UnseenOrdersContext value={alerts.unseenCount}>{children}</UnseenOrdersContext>
      </LiveOrderActivityContext>
    </LiveOrdersContext>
  );
}

export function useLiveOrders(): LiveOrders {
  const live = use(LiveOrdersContext);
  if (!live) throw new Error('useLiveOrders is used outside LiveOrdersProvider');
  return live;
}
