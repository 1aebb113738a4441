import { createContext, use } from 'react';

/**
 * What the dashboard's one live order connection knows, for screens outside the orders feature:
 * the Overview counts active orders and refreshes its figures from it instead of opening a second
 * stream. The orders feature's LiveOrdersProvider provides it; without orders.view there is none.
 */
export interface LiveOrderActivity {
  /** Orders not yet completed or cancelled, as the live board holds them; null until it has loaded. */
  activeOrders: number | null;
  /** Changes whenever the board's orders change (a new order, a move, a payment): a cue to refresh. */
  revision: number;
  /** Whether the connection is up to date right now. */
  live: boolean;
}

export const LiveOrderActivityContext = createContext<LiveOrderActivity | null>(null);

export function useLiveOrderActivity(): LiveOrderActivity | null {
  return use(LiveOrderActivityContext);
}
