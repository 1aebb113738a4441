import type { TStockShortfall } from '@tavolo/contract/errors';
import { AppError } from '../../core/app-error';
import type { Db } from '../../db/client';
import type { EventPublisher } from '../../events/event-publisher';
import { recordGuestMenuChange } from '../restaurants/guest-menu-version';
import { lockDishCounts, moveStockCounts, type StockMoved } from './stock.repository';

/*
 * Stock counts (PRODUCT.md §10, decision 035). Whether a dish is counted is part of the menu (setting
 * or clearing a count moves the menu's version); the units themselves move without it, row by row,
 * inside the transaction of the order, void or cancellation that moves them. A count reaching 0, or
 * leaving 0, changes what guests see: that moves the version and says menu.updated, in the same
 * transaction.
 *
 * Lock order: a dish's row before the restaurant's (as every menu change takes them), after the
 * order's and its table's (decision 022). Callers move counts before they write the order or an
 * event, which take the restaurant's row.
 */

/** A line of an order, by its index in the request or the order. */
export type StockLine = { menuItemId: string; quantity: number };

export type { StockMoved };

/** Sums the lines' units by dish. */
export function unitsByDish(lines: readonly StockLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.menuItemId, (units.get(line.menuItemId) ?? 0) + line.quantity);
  return units;
}

/**
 * 409 OUT_OF_STOCK naming each dish short: "Only 2 Margherita left", each of its lines under
 * `field(index)` ("only 2 left"), and what is left of each in `outOfStock`.
 */
export function outOfStock(
  short: readonly TStockShortfall[],
  field: (lineIndex: number) => string = (i) => `items.${i}.quantity`,
): AppError {
  const fields: Record<string, string> = {};
  for (const dish of short) {
    for (const line of dish.lines)
      fields[field(line)] = dish.remaining === 0 ? 'none left' : `only ${dish.remaining} left`;
  }
  const message = short
    .map((dish) =>
      dish.remaining === 0 ? `${dish.name} is sold out` : `Only ${dish.remaining} ${dish.name} left`,
    )
    .join('; ');
  return new AppError('OUT_OF_STOCK', message, fields, undefined, { outOfStock: [...short] });
}

/**
 * Takes the lines' units from the counts of their counted dishes, all or none: 409 OUT_OF_STOCK
 * with what is left when any dish has fewer than its lines ask for together. Answers the counts
 * moved, for `announceStockChanges` once the caller's other writes are done.
 */
export async function takeStock(
  db: Db,
  restaurantId: string,
  lines: readonly StockLine[],
  field?: (lineIndex: number) => string,
): Promise<StockMoved[]> {
  const units = unitsByDish(lines);
  const moved = await moveStockCounts(
    db,
    restaurantId,
    [...units].filter(([, n]) => n > 0).map(([menuItemId, n]) => ({ menuItemId, delta: -n })),
  );
  // All or none: when one dish is short, none moved; the short ones are those the lines ask too much of.
  const short = moved.filter((dish) => dish.before + dish.delta < 0);
  if (short.length > 0) {
    throw outOfStock(
      short.map((dish) => ({
        menuItemId: dish.menuItemId,
        name: dish.name,
        remaining: dish.before,
        lines: lines.flatMap((line, i) => (line.menuItemId === dish.menuItemId ? [i] : [])),
      })),
      field,
    );
  }
  return moved;
}

/**
 * The dishes orders name, locked (a dish's row before the restaurant's) with their counts, for
 * orders taking their units together (order intake's stock batches): null for a dish not counted.
 */
export function holdDishCounts(
  db: Db,
  restaurantId: string,
  menuItemIds: readonly string[],
): Promise<Map<string, { name: string; count: number | null }>> {
  return lockDishCounts(db, restaurantId, [...new Set(menuItemIds)].sort());
}

/** Gives the lines' units back to their dishes' counts (dishes no longer counted keep none). */
export async function giveBackStock(
  db: Db,
  restaurantId: string,
  lines: readonly StockLine[],
): Promise<StockMoved[]> {
  const units = unitsByDish(lines);
  return moveStockCounts(
    db,
    restaurantId,
    [...units].filter(([, n]) => n > 0).map(([menuItemId, n]) => ({ menuItemId, delta: n })),
  );
}

/**
 * A dish counted down to 0 is sold out, one counted up from 0 is back: either changes every guest's
 * menu, so the restaurant's menu version moves and menu.updated goes out (in the caller's
 * transaction). Other moves change nothing a guest sees.
 */
export async function announceStockChanges(
  db: Db,
  events: EventPublisher,
  restaurantId: string,
  moved: readonly StockMoved[],
): Promise<boolean> {
  let changed = false;
  for (const dish of moved) {
    if (dish.after === null) continue;
    const reason =
      dish.before > 0 && dish.after === 0
        ? 'item.sold_out'
        : dish.before === 0 && dish.after > 0
          ? 'item.back'
          : null;
    if (!reason) continue;
    await recordGuestMenuChange(db, events, restaurantId, { reason, menuItemId: dish.menuItemId });
    changed = true;
  }
  return changed;
}
