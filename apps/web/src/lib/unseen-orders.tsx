import { createContext, use } from 'react';

/**
 * How many new orders nobody has looked at yet, for every dashboard screen: the navigation's badge
 * and the tab's title show it. The orders feature's live connection provides it.
 */
export const UnseenOrdersContext = createContext(0);

export function useUnseenOrders(): number {
  return use(UnseenOrdersContext);
}

/** The browser tab's title, led by the count of new orders when there are any. */
export function withUnseenCount(title: string, unseen: number): string {
  return unseen > 0 ? `(${unseen}) ${title}` : title;
}
