/*
 * What the kitchen hands the printing module (PRODUCT.md §10, decision 034): one fired course of one
 * order at one station, with everything the ticket shows, so printing reads nothing else.
 */

/** A station's network printer (ESC/POS over raw TCP, port 9100 by default). */
export type PrinterAddress = { host: string; port: number };

export type KitchenTicketLine = {
  name: string;
  /** Units still to make; voided ones are in voidedQuantity. */
  quantity: number;
  options: { group: string; choice: string }[];
  note: string | null;
  seat: number | null;
  voidedQuantity: number;
};

export type KitchenTicketPrint = {
  restaurantId: string;
  stationId: string;
  stationName: string;
  orderId: string;
  orderNumber: number;
  tableNumber: number;
  /** 0 at once (drinks and the like), 1..5 the courses. */
  course: number;
  /** When the course was fired (ISO); with the order, station and course it names the ticket. */
  firedAt: string;
  /** The restaurant's IANA zone, to print the time in. */
  timezone: string;
  /** The waiter's name for staff orders. */
  takenBy: string | null;
  /** The order's note. */
  note: string | null;
  lines: KitchenTicketLine[];
  reprint: boolean;
  /** A slip for units voided on a fired ticket: VOID on top (not REPRINT), only the voided line. */
  voidSlip?: boolean;
};
