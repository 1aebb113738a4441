import { useCallback, useEffect, useRef, useState } from 'react';
import { type Cart, type CartAction, cartReducer, cartStorageKey, loadCart, saveCart } from '../model/cart';

/**
 * The table's cart, kept in localStorage so it survives a reload (and follows the guest into a
 * second tab of the same table).
 *
 * A change is stored when it is made, not after the screen has drawn it: placing an order clears
 * the cart and leads to the order's screen at once, and a renderer that draws both in one pass
 * (Preact, the guest's build) unmounts the menu before an effect could store the empty cart.
 */
export function useCart(qrToken: string) {
  const [cart, setCart] = useState(() => loadCart(qrToken));
  // The cart as last changed (ahead of what is drawn), and the table it belongs to.
  const latest = useRef<{ qrToken: string; cart: Cart }>({ qrToken, cart });

  const dispatch = useCallback((action: CartAction) => {
    const { qrToken: owner, cart: before } = latest.current;
    const next = cartReducer(before, action);
    latest.current = { qrToken: owner, cart: next };
    saveCart(owner, next);
    setCart(next);
  }, []);

  // Another table's code opened in the same tab (rare), or this table's cart changed in another
  // tab: start again from what is stored.
  const reload = useCallback((code: string) => {
    const stored = loadCart(code);
    latest.current = { qrToken: code, cart: stored };
    setCart(stored);
  }, []);

  useEffect(() => {
    if (latest.current.qrToken !== qrToken) reload(qrToken);
  }, [qrToken, reload]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === cartStorageKey(qrToken)) reload(qrToken);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [qrToken, reload]);

  return [cart, dispatch] as const;
}
