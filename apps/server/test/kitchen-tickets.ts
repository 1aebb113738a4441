import { randomUUID } from 'node:crypto';
import type { KitchenTicketPrint } from '../src/modules/printing/kitchen-ticket';

/** A ticket with a bit of everything: accents of four languages, options, a seat, notes and voids. */
export function makeTicket(overrides: Partial<KitchenTicketPrint> = {}): KitchenTicketPrint {
  return {
    restaurantId: randomUUID(),
    stationId: randomUUID(),
    stationName: 'Pâtisserie',
    orderId: randomUUID(),
    orderNumber: 1042,
    tableNumber: 12,
    course: 1,
    firedAt: '2026-11-27T18:42:00.000Z',
    timezone: 'Europe/Rome',
    takenBy: 'Zoë',
    note: 'Allergia: noci — grazie',
    lines: [
      {
        name: 'Crème brûlée',
        quantity: 2,
        options: [{ group: 'Topping', choice: 'Frutti di bosco' }],
        note: 'senza glutine',
        seat: 3,
        voidedQuantity: 0,
      },
      { name: 'Würstel', quantity: 1, options: [], note: null, seat: null, voidedQuantity: 1 },
      { name: 'Bœuf bourguignon', quantity: 0, options: [], note: null, seat: 1, voidedQuantity: 2 },
      {
        name: 'Ñoquis',
        quantity: 1,
        options: [{ group: 'Salsa', choice: 'Pequeña' }],
        note: null,
        seat: null,
        voidedQuantity: 0,
      },
    ],
    reprint: false,
    ...overrides,
  };
}
