// The kitchen's line states, limits and all-day sums, without zod: kitchen.ts builds its schemas on
// them and pages read them here (PRODUCT.md §10).

/** A chosen option, as a kitchen line carries it. */
type ChosenOption = { group: string; choice: string };

/**
 * An all-day row (ZAllDayEntry's shape). Written out here rather than imported from kitchen.ts,
 * which imports this file: values/ stays at the bottom, with no circle.
 */
export type AllDayEntry = { menuItemId: string; name: string; options: ChosenOption[]; quantity: number };

/** What the all-day sum reads of a ticket (ZKitchenTicket has these and more). */
type AllDayTicket = {
  lines: readonly {
    menuItemId: string;
    name: string;
    options: ChosenOption[];
    quantity: number;
    kitchenStatus: (typeof KITCHEN_STATUSES)[number];
  }[];
};

/** Where a line is in the kitchen: held until its course fires, then queued → preparing → ready → served. */
export const KITCHEN_STATUSES = ['held', 'queued', 'preparing', 'ready', 'served', 'voided'] as const;

/** A line made ready this many minutes ago or less can be recalled (back to preparing). */
export const RECALL_WINDOW_MINUTES = 10;

/** The port of a network receipt printer when none is given. */
export const DEFAULT_PRINTER_PORT = 9100;

/** Stations one restaurant may have. */
export const MAX_STATIONS = 20;

/**
 * The all-day panel of some tickets: what is queued or preparing, summed by dish and options
 * (options in the order they were chosen). The server keeps its own figure by events; this one
 * is what the screens and the tests count from the tickets.
 */
export function allDayOf(tickets: readonly AllDayTicket[]): AllDayEntry[] {
  const sums = new Map<string, AllDayEntry>();
  for (const ticket of tickets) {
    for (const line of ticket.lines) {
      if (line.kitchenStatus !== 'queued' && line.kitchenStatus !== 'preparing') continue;
      if (line.quantity <= 0) continue;
      const key = allDayKey(line.menuItemId, line.options);
      const held = sums.get(key);
      if (held) held.quantity += line.quantity;
      else
        sums.set(key, {
          menuItemId: line.menuItemId,
          name: line.name,
          options: line.options,
          quantity: line.quantity,
        });
    }
  }
  return sortAllDay([...sums.values()]);
}

/** One all-day row per dish and options. */
export function allDayKey(menuItemId: string, options: readonly { group: string; choice: string }[]): string {
  return options.length === 0
    ? menuItemId
    : `${menuItemId}|${options.map((o) => `${o.group}=${o.choice}`).join('|')}`;
}

/** Most to make first, then by name. */
export function sortAllDay(entries: AllDayEntry[]): AllDayEntry[] {
  return entries.sort(
    (a, b) =>
      b.quantity - a.quantity ||
      a.name.localeCompare(b.name) ||
      allDayKey(a.menuItemId, a.options).localeCompare(allDayKey(b.menuItemId, b.options)),
  );
}
