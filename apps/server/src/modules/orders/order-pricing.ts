import { taxOf } from '@tavolo/contract/money';
import type { TOrderLine, TOrderLineRequest } from '@tavolo/contract/orders';
import { AppError } from '../../core/app-error';
import { placedKitchenFields } from './kitchen-lines';
import type { MenuSnapshot } from './orders.repository';

/**
 * Prices an order from the database's menu: names and prices are copied onto the lines, and
 * whatever the client claimed about prices is never read. Everything wrong with the request is
 * collected per field, so the guest sees every problem at once (422). Each line gets its station
 * and course from the menu (a staff member may name the course) and fires or is held by it, and
 * its tax at the dish's rate (PRODUCT.md §11).
 */
export function priceOrderLines(options: {
  requested: readonly TOrderLineRequest[];
  menu: Pick<MenuSnapshot, 'items' | 'pricesIncludeTax'>;
  weekday: number;
  now: Date;
}): { lines: TOrderLine[]; subtotalMinor: number } {
  const { requested, menu, weekday, now } = options;
  const menuItems = menu.items;
  const fields: Record<string, string> = {};
  const lines: TOrderLine[] = [];

  requested.forEach((line, index) => {
    const item = menuItems.get(line.menuItemId);
    const field = `items.${index}`;
    if (!item?.active) {
      fields[`${field}.menuItemId`] = 'is not on the menu';
      return;
    }
    if (item.availableDays.length > 0 && !item.availableDays.includes(weekday)) {
      fields[`${field}.menuItemId`] = `${item.name} is not served today`;
      return;
    }
    if (item.soldOutUntil && item.soldOutUntil > now) {
      fields[`${field}.menuItemId`] = `${item.name} is sold out`;
      return;
    }

    const chosen: TOrderLine['options'] = [];
    const problems: string[] = [];
    const countByGroup = new Map<string, number>();
    for (const option of line.options ?? []) {
      const group = item.options.find((g) => g.name === option.group);
      const choice = group?.choices.find((c) => c.name === option.choice);
      if (!group) problems.push(`"${option.group}" is not an option of ${item.name}`);
      else if (!choice) problems.push(`"${option.choice}" is not a choice of "${group.name}"`);
      else if (chosen.some((c) => c.group === group.name && c.choice === choice.name))
        problems.push(`choose "${choice.name}" only once`);
      else {
        chosen.push({ group: group.name, choice: choice.name, priceMinor: choice.priceMinor });
        countByGroup.set(group.name, (countByGroup.get(group.name) ?? 0) + 1);
      }
    }
    for (const group of item.options) {
      const count = countByGroup.get(group.name) ?? 0;
      if (count < group.min)
        problems.push(
          `"${group.name}": choose ${group.min === group.max ? group.min : `at least ${group.min}`}`,
        );
      if (count > group.max) problems.push(`"${group.name}": choose at most ${group.max}`);
    }
    if (problems.length > 0) {
      fields[`${field}.options`] = problems.join('; ');
      return;
    }

    const unitPriceMinor = item.priceMinor + chosen.reduce((sum, c) => sum + c.priceMinor, 0);
    const lineTotalMinor = unitPriceMinor * line.quantity;
    lines.push({
      menuItemId: item.id,
      name: item.name,
      unitPriceMinor,
      quantity: line.quantity,
      options: chosen,
      note: line.note || null,
      seat: line.seat ?? null,
      course: line.course ?? item.course,
      voidedQuantity: 0,
      discountMinor: 0,
      lineTotalMinor,
      stationId: item.stationId,
      // Set below, once every line's course is known.
      kitchenStatus: 'queued',
      firedAt: null,
      startedAt: null,
      readyAt: null,
      voidedAt: null,
      kitchenNotice: null,
      tax: taxOf(lineTotalMinor, item.tax, menu.pricesIncludeTax),
    });
  });

  if (Object.keys(fields).length > 0) {
    throw new AppError('UNPROCESSABLE', 'Some items cannot be ordered as they are', fields);
  }
  const kitchen = placedKitchenFields(lines, now);
  return {
    lines: lines.map((line, i) => ({ ...line, ...kitchen[i]! })),
    subtotalMinor: lines.reduce((sum, line) => sum + line.lineTotalMinor, 0),
  };
}
