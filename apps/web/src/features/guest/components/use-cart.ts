import { useEffect, useReducer, useRef } from 'react';
import { cartReducer, cartStorageKey, loadCart, saveCart } from '../model/cart';

/**
 * The table's cart, kept in localStorage so it survives a reload (and follows the guest into a
 * second tab of the same table).
 */
export function useCart(qrToken: string) {
  const [cart, dispatch] = useReducer(cartReducer, qrToken, loadCart);
  const loadedFor = useRef(qrToken);

  // Another table's code opened in the same tab (rare): start from that table's cart.
  useEffect(() => {
    if (loadedFor.current === qrToken) return;
    loadedFor.current = qrToken;
    dispatch({ type: 'replace', cart: loadCart(qrToken) });
  }, [qrToken]);

  useEffect(() => {
    if (loadedFor.current === qrToken) saveCart(qrToken, cart);
  }, [qrToken, cart]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === cartStorageKey(qrToken)) dispatch({ type: 'replace', cart: loadCart(qrToken) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [qrToken]);

  return [cart, dispatch] as const;
}
