import type { TStockShortfall } from '@tavolo/contract/errors';
import type { TDishMenu } from '@tavolo/contract/menu';
import { percentToBasisPoints, serviceChargeOf } from '@tavolo/contract/money';
import type { TCreateOrderRequest } from '@tavolo/contract/orders';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '@tavolo/contract/values/orders';
import { t } from '../../../lib/i18n/i18n';
import { type ChosenOption, choiceName, optionsPriceMinor } from '../../../lib/option-selection';
import { randomUuid } from '../../../lib/random-uuid';

/*
 * The guest's cart: pure functions (a reducer, prices, the order request) so that the rules are
 * tested without a screen. Prices here are for display only; the server prices every order.
 */

export interface CartLine {
  /** Stable for the line's life: React keys and error messages hang on it. */
  id: string;
  menuItemId: string;
  /** The dish's name and unit price (options included) when it was added: shown until the menu loads. */
  name: string;
  unitPriceMinor: number;
  quantity: number;
  options: ChosenOption[];
  note: string;
}

/** The Idempotency-Key of the last attempt to send this very cart, and what was sent. */
export interface PendingCheckout {
  key: string;
  fingerprint: string;
}

export interface Cart {
  lines: CartLine[];
  note: string;
  customerName: string;
  checkout: PendingCheckout | null;
}

export const EMPTY_CART: Cart = { lines: [], note: '', customerName: '', checkout: null };

export type CartAction =
  | { type: 'add'; id: string; line: Omit<CartLine, 'id'> }
  | { type: 'setQuantity'; id: string; quantity: number }
  | { type: 'remove'; id: string }
  | { type: 'setNote'; note: string }
  | { type: 'setCustomerName'; customerName: string }
  | { type: 'startCheckout'; checkout: PendingCheckout }
  /** After an order went through: the lines go, the guest's name stays for the next round. */
  | { type: 'clear' }
  | { type: 'replace'; cart: Cart };

let lineSequence = 0;
export function newLineId(): string {
  lineSequence += 1;
  return `${Date.now().toString(36)}-${lineSequence}-${Math.random().toString(36).slice(2, 8)}`;
}

const clampQuantity = (quantity: number) => Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity)));

/** Two lines are the same order when the dish, its options (in any order) and its note match. */
export function sameLine(a: Omit<CartLine, 'id'>, b: Omit<CartLine, 'id'>): boolean {
  if (a.menuItemId !== b.menuItemId || a.note.trim() !== b.note.trim()) return false;
  const key = (options: readonly ChosenOption[]) =>
    options
      .map((option) => `${option.group}\u0000${option.choice}`)
      .sort()
      .join('\u0001');
  return key(a.options) === key(b.options);
}

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const line = {
        ...action.line,
        note: action.line.note.trim(),
        quantity: clampQuantity(action.line.quantity),
      };
      const same = cart.lines.find((existing) => sameLine(existing, line));
      if (same) {
        return {
          ...cart,
          lines: cart.lines.map((existing) =>
            existing === same
              ? {
                  ...existing,
                  quantity: clampQuantity(existing.quantity + line.quantity),
                  unitPriceMinor: line.unitPriceMinor,
                }
              : existing,
          ),
        };
      }
      if (cart.lines.length >= MAX_ORDER_LINES) return cart;
      return { ...cart, lines: [...cart.lines, { ...line, id: action.id }] };
    }
    case 'setQuantity':
      return {
        ...cart,
        lines: cart.lines.map((line) =>
          line.id === action.id ? { ...line, quantity: clampQuantity(action.quantity) } : line,
        ),
      };
    case 'remove':
      return { ...cart, lines: cart.lines.filter((line) => line.id !== action.id) };
    case 'setNote':
      return { ...cart, note: action.note };
    case 'setCustomerName':
      return { ...cart, customerName: action.customerName };
    case 'startCheckout':
      return { ...cart, checkout: action.checkout };
    case 'clear':
      return { ...EMPTY_CART, customerName: cart.customerName };
    case 'replace':
      return action.cart;
  }
}

// ---- prices --------------------------------------------------------------------------------------

export interface PricedLine {
  line: CartLine;
  /** The dish and its options as the guest reads them now (the menu's language may have changed). */
  name: string;
  optionNames: string[];
  unitPriceMinor: number;
  lineTotalMinor: number;
  /** Why it cannot be ordered now (sold out, gone from the menu); null when it can. */
  problem: string | null;
}

type MenuItems = TDishMenu['categories'][number]['items'];

function indexItems(menu: TDishMenu | undefined): Map<string, MenuItems[number]> {
  const byId = new Map<string, MenuItems[number]>();
  for (const category of menu?.categories ?? []) for (const item of category.items) byId.set(item.id, item);
  return byId;
}

export type CartProblemKind = 'sold-out' | 'unavailable' | 'gone' | 'options-changed';

export interface CartProblem {
  lineId: string;
  kind: CartProblemKind;
  /** What the line says, in the guest's words. */
  message: string;
}

function problemMessage(kind: CartProblemKind): string {
  switch (kind) {
    case 'sold-out':
      return t('guest.cart.soldOut');
    case 'unavailable':
      return t('guest.cart.unavailableNow');
    case 'gone':
      return t('guest.cart.gone');
    case 'options-changed':
      return t('guest.cart.optionsChanged');
  }
}

function lineProblem(
  item: MenuItems[number] | undefined,
  extras: number | undefined,
): CartProblemKind | null {
  if (!item) return 'gone';
  if (item.soldOut) return 'sold-out';
  if (!item.active) return 'unavailable';
  if (extras === undefined) return 'options-changed';
  return null;
}

/**
 * The cart's lines that cannot be ordered as the menu is now (a dish sold out, switched off, or
 * gone from today's menu; options that changed). Nothing while the menu is not known.
 */
export function cartProblems(cart: Pick<Cart, 'lines'>, menu: TDishMenu | undefined): CartProblem[] {
  if (!menu) return [];
  const items = indexItems(menu);
  const problems: CartProblem[] = [];
  for (const line of cart.lines) {
    const item = items.get(line.menuItemId);
    const extras = item ? optionsPriceMinor(item.options, line.options) : undefined;
    const kind = lineProblem(item, extras);
    if (kind) problems.push({ lineId: line.id, kind, message: problemMessage(kind) });
  }
  return problems;
}

/** Each line at today's prices, flagged when it cannot be ordered any more. */
export function priceLines(lines: readonly CartLine[], menu: TDishMenu | undefined): PricedLine[] {
  const items = indexItems(menu);
  const problems = new Map(
    cartProblems({ lines: [...lines] }, menu).map((problem) => [problem.lineId, problem]),
  );
  return lines.map((line) => {
    const item = items.get(line.menuItemId);
    const extras = item ? optionsPriceMinor(item.options, line.options) : undefined;
    const unitPriceMinor = item && extras !== undefined ? item.priceMinor + extras : line.unitPriceMinor;
    return {
      line,
      name: item?.name ?? line.name,
      optionNames: line.options.map((option) => (item ? choiceName(item.options, option) : option.choice)),
      unitPriceMinor,
      lineTotalMinor: unitPriceMinor * line.quantity,
      problem: problems.get(line.id)?.message ?? null,
    };
  });
}

export interface CartTotals {
  /** Dishes, counting quantities. */
  count: number;
  subtotalMinor: number;
  serviceChargeMinor: number;
  totalMinor: number;
}

/** Service charge as the server computes it (the contract's sum): percent of the subtotal, rounded half up. */
export function serviceChargeMinor(subtotalMinor: number, percent: number): number {
  return serviceChargeOf(subtotalMinor, percentToBasisPoints(percent));
}

/** Totals of the lines that can be ordered (a sold-out line counts for nothing). */
export function cartTotals(priced: readonly PricedLine[], serviceChargePercent: number): CartTotals {
  const count = priced.reduce((sum, { line }) => sum + line.quantity, 0);
  const subtotalMinor = priced.reduce((sum, entry) => sum + (entry.problem ? 0 : entry.lineTotalMinor), 0);
  const service = serviceChargeMinor(subtotalMinor, serviceChargePercent);
  return { count, subtotalMinor, serviceChargeMinor: service, totalMinor: subtotalMinor + service };
}

// ---- the order request ---------------------------------------------------------------------------

/** What POST /api/orders gets: dishes, quantities, options and notes; never a price. */
export function toOrderRequest(qrToken: string, cart: Cart): TCreateOrderRequest {
  const note = cart.note.trim();
  const customerName = cart.customerName.trim();
  return {
    qrToken,
    items: cart.lines.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      ...(line.options.length > 0
        ? { options: line.options.map(({ group, choice }) => ({ group, choice })) }
        : {}),
      ...(line.note.trim() ? { note: line.note.trim() } : {}),
    })),
    ...(note ? { note } : {}),
    ...(customerName ? { customerName } : {}),
  };
}

/**
 * The Idempotency-Key for sending `body`: the previous attempt's when the very same request goes
 * again (a retry after the network failed, even after a reload), a new one once anything changed.
 */
export function checkoutFor(
  cart: Pick<Cart, 'checkout'>,
  body: TCreateOrderRequest,
  makeKey: () => string = randomUuid,
): PendingCheckout {
  const fingerprint = JSON.stringify(body);
  return cart.checkout?.fingerprint === fingerprint ? cart.checkout : { key: makeKey(), fingerprint };
}

/**
 * The server's 422 names fields like `items.1.options`; this files each under the cart line that
 * was sent at that index, and keeps the rest (note, customerName…) apart. A 409 OUT_OF_STOCK says
 * what is left of each dish short (`outOfStock`): its lines say so in the guest's language.
 */
export function fileOrderErrors(
  fields: Readonly<Record<string, string>> | undefined,
  sentLines: readonly Pick<CartLine, 'id'>[],
  outOfStock: readonly TStockShortfall[] = [],
): { byLine: Record<string, string>; other: Record<string, string> } {
  const byLine: Record<string, string> = {};
  const other: Record<string, string> = {};
  const short = new Set<number>();
  for (const dish of outOfStock) {
    for (const index of dish.lines) {
      const line = sentLines[index];
      if (!line) continue;
      short.add(index);
      byLine[line.id] = t('guest.cart.lineOnlyLeft', { count: dish.remaining });
    }
  }
  for (const [field, message] of Object.entries(fields ?? {})) {
    const match = /^items\.(\d+)(?:\.(.+))?$/.exec(field);
    // The figures said it already, in the guest's words.
    if (match && match[2] === 'quantity' && short.has(Number(match[1]))) continue;
    const line = match ? sentLines[Number(match[1])] : undefined;
    if (line) {
      const what = match?.[2];
      const sentence = describeLineProblem(what, message);
      byLine[line.id] = byLine[line.id] ? `${byLine[line.id]} ${sentence}` : sentence;
    } else {
      other[field] = message;
    }
  }
  return { byLine, other };
}

function describeLineProblem(field: string | undefined, message: string): string {
  const capitalised = message.charAt(0).toUpperCase() + message.slice(1);
  const sentence = /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
  // "X is sold out" already names the dish; "must be at most 50" needs its subject. The server's
  // words are English: they go into the guest's sentence as they came.
  if (field === 'quantity') return t('guest.cart.lineQuantity', { problem: message });
  if (field === 'note') return t('guest.cart.lineNote', { problem: message });
  if (field === 'options') return t('guest.cart.lineOptions', { problem: message });
  if (field === 'menuItemId' && message === 'is not on the menu') return t('guest.cart.lineGone');
  // The dish's state as the server found it (its name is on the line already).
  if (field === 'menuItemId' && / is sold out$/.test(message)) return problemMessage('sold-out');
  if (field === 'menuItemId' && / is not served today$/.test(message)) return problemMessage('unavailable');
  return sentence;
}

// ---- storage -------------------------------------------------------------------------------------

export const cartStorageKey = (qrToken: string) => `tavolo:cart:${qrToken}`;

// Read by hand rather than with a schema: the cart loads with the menu, and zod would add a quarter
// to the page's scripts. What is read is rebuilt field by field, so nothing else comes along.
const isText = (value: unknown): value is string => typeof value === 'string';
const isId = (value: unknown): value is string => isText(value) && value.length > 0;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function readOption(value: unknown): ChosenOption | null {
  if (!isObject(value) || !isText(value.group) || !isText(value.choice)) return null;
  return { group: value.group, choice: value.choice };
}

function readLine(value: unknown): CartLine | null {
  if (!isObject(value)) return null;
  const { id, menuItemId, name, unitPriceMinor, quantity, options, note } = value;
  if (!isId(id) || !isId(menuItemId) || !isText(name) || !isText(note)) return null;
  if (!Number.isInteger(unitPriceMinor) || !Array.isArray(options)) return null;
  if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > MAX_LINE_QUANTITY)
    return null;
  const chosen = options.map(readOption);
  if (chosen.some((option) => option === null)) return null;
  return {
    id,
    menuItemId,
    name,
    unitPriceMinor: unitPriceMinor as number,
    quantity: quantity as number,
    options: chosen as ChosenOption[],
    note,
  };
}

/** A stored cart, or null when any part of it is not what saveCart writes (also what an order waiting offline keeps). */
export function readStoredCart(value: unknown): Cart | null {
  if (!isObject(value)) return null;
  const { lines, note, customerName, checkout } = value;
  if (!Array.isArray(lines) || lines.length > MAX_ORDER_LINES) return null;
  if (!isText(note) || !isText(customerName)) return null;
  let pending: PendingCheckout | null = null;
  if (checkout !== null) {
    if (!isObject(checkout) || !isId(checkout.key) || !isText(checkout.fingerprint)) return null;
    pending = { key: checkout.key, fingerprint: checkout.fingerprint };
  }
  const read = lines.map(readLine);
  if (read.some((line) => line === null)) return null;
  return { lines: read as CartLine[], note, customerName, checkout: pending };
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The table's saved cart; an empty one when there is none or it cannot be read. */
export function loadCart(qrToken: string): Cart {
  try {
    const raw = storage()?.getItem(cartStorageKey(qrToken));
    if (!raw) return EMPTY_CART;
    return readStoredCart(JSON.parse(raw)) ?? EMPTY_CART;
  } catch {
    return EMPTY_CART;
  }
}

export function saveCart(qrToken: string, cart: Cart): void {
  try {
    if (cart.lines.length === 0 && !cart.note && !cart.customerName && !cart.checkout) {
      storage()?.removeItem(cartStorageKey(qrToken));
    } else {
      storage()?.setItem(cartStorageKey(qrToken), JSON.stringify(cart));
    }
  } catch {
    // Storage full or disabled: the cart still works for this visit.
  }
}
