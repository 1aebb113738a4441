import { MAX_STOCK_COUNT } from '@tavolo/contract/values/menu';

/**
 * What a count typed on today's menu means: empty (or "∞") stops counting the dish, a whole number
 * from 0 is what is left; anything else is refused before it is sent.
 */
export type StockInput = { ok: true; count: number | null } | { ok: false };

export function parseStockInput(text: string): StockInput {
  const typed = text.trim();
  if (typed === '' || typed === '∞') return { ok: true, count: null };
  if (!/^\d+$/.test(typed)) return { ok: false };
  const count = Number(typed);
  return count <= MAX_STOCK_COUNT ? { ok: true, count } : { ok: false };
}

/** The count as the field shows it: empty when the dish is not counted. */
export const stockText = (count: number | null): string => (count === null ? '' : String(count));
