// The live events' names, without zod: events.ts builds its schemas on them and pages read them here. Not
// in client/events.ts, which imports events.ts for its types: events.ts would import it back.

export const MENU_CHANGE_REASONS = [
  'item.created',
  'item.updated',
  'item.deleted',
  'item.sold_out',
  'item.back',
  'category.created',
  'category.updated',
  'category.deleted',
  'category.reordered',
  /** A spreadsheet's rows were applied to the menu (categories and dishes at once). */
  'menu.imported',
  'table.changed',
  'restaurant.updated',
] as const;

/** Sent once a stream has replayed what the client missed; from then on events are live. */
export const READY_EVENT = 'ready';

/** What each stream carries. */
export const STREAM_EVENTS = {
  /** The staff stream of the session's restaurant. */
  restaurant: [
    'order.created',
    'order.updated',
    'menu.updated',
    'service_request.created',
    'service_request.updated',
    'bill.updated',
    'table.updated',
    'kitchen.updated',
    'stations.updated',
  ],
  /** A guest's stream of their own order. */
  guestOrder: ['order.updated'],
  /** The stream every phone at one table holds: the menu, that table's bill and requests. */
  table: ['menu.updated', 'bill.updated', 'service_request.updated'],
} as const;
