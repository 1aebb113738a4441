import type { TBillItemTaken } from '@tavolo/contract/errors';
import { currencyMinorDigits } from '@tavolo/contract/money';
import type {
  TBillCheckoutRequest,
  TBillItemChoice,
  TBillLine,
  TTableBill,
} from '@tavolo/contract/table-service';
import { BILL_SPLIT_MAX_PARTS, TIP_MAX_MULTIPLE } from '@tavolo/contract/values/table-service';
import { t } from '../../../lib/i18n/i18n';
import { examplePrice, parsePriceInput } from '../../../lib/price-input';
import type { MenuNames } from './menu-names';

/*
 * The table's bill as the guest pays it: pure sums that mirror the server's rules, so that what
 * the page shows before paying is what the checkout asks for. The server decides in the end.
 */

export const BILL_SPLIT_MIN_PARTS = 2;
export { BILL_SPLIT_MAX_PARTS };

/** What the bill page shows as a whole. */
export type BillState = 'empty' | 'settled' | 'due';

export function billState(bill: Pick<TTableBill, 'lines' | 'dueMinor'>): BillState {
  if (bill.lines.length === 0) return 'empty';
  return bill.dueMinor <= 0 ? 'settled' : 'due';
}

/** What may still be paid now: due, less what other phones' unfinished checkouts hold. */
export function payableMinor(bill: Pick<TTableBill, 'dueMinor' | 'pendingMinor'>): number {
  return Math.max(0, bill.dueMinor - bill.pendingMinor);
}

export interface BillOrderGroup {
  orderId: string;
  orderNumber: number;
  lines: TBillLine[];
  totalMinor: number;
}

/** The bill's lines by order, in the order they came. */
export function groupBillLines(lines: readonly TBillLine[]): BillOrderGroup[] {
  const groups = new Map<string, BillOrderGroup>();
  for (const line of lines) {
    const group = groups.get(line.orderId) ?? {
      orderId: line.orderId,
      orderNumber: line.orderNumber,
      lines: [],
      totalMinor: 0,
    };
    group.lines.push(line);
    group.totalMinor += line.totalMinor;
    groups.set(line.orderId, group);
  }
  return [...groups.values()];
}

export type LinePaidState = 'paid' | 'part-paid' | 'pending' | 'open';

/** A line's badge: all paid, some paid, held by a checkout on another phone, or open. */
export function linePaidState(
  line: Pick<TBillLine, 'quantity' | 'paidQuantity' | 'pendingQuantity'>,
): LinePaidState {
  if (line.paidQuantity >= line.quantity) return 'paid';
  if (line.pendingQuantity > 0) return 'pending';
  if (line.paidQuantity > 0) return 'part-paid';
  return 'open';
}

// ---- equal shares --------------------------------------------------------------------------------

export function clampParts(parts: number): number {
  if (!Number.isFinite(parts)) return BILL_SPLIT_MIN_PARTS;
  return Math.min(BILL_SPLIT_MAX_PARTS, Math.max(BILL_SPLIT_MIN_PARTS, Math.trunc(parts)));
}

/**
 * What this phone's share would be, as the server reckons it (docs/decisions/022). A split under way
 * (the bill's `split`) is joined: its shares keep the size fixed when it started, the last one
 * takes the remainder, and its number of ways is not this phone's to change. Without one, a new
 * split shares what is free to pay now (due less other phones' unfinished checkouts): floor(free /
 * parts) each. A split the bill moved away from (a new order, a refund, another payment) is split
 * again the same way, and the checkout says so (`newSplit`). The server decides in the end: its
 * answer's amount is what the phone pays.
 */
export interface SharePreview {
  /** Starting a split, joining the one under way, or splitting again after the bill moved. */
  kind: 'start' | 'join' | 'again';
  parts: number;
  /** What the split shares: the split's due, or what is free now for a new one. */
  splitMinor: number;
  /** Each share but the last. */
  eachMinor: number;
  /** What this phone pays: 0 when every share of the split is taken. */
  amountMinor: number;
  /** Shares paid or being paid before this one. */
  takenShares: number;
  /** The ways of the split the bill moved away from, for 'again'. */
  staleParts: number | null;
}

/**
 * The share this phone would pay; `chosenParts` is the number of ways the guest picked (null until
 * they pick: a split started again then offers the ways of the one before it).
 */
export function sharePreview(
  bill: Pick<TTableBill, 'dueMinor' | 'pendingMinor' | 'split'>,
  chosenParts: number | null,
): SharePreview {
  const { split } = bill;
  if (split && !split.stale) {
    return {
      kind: 'join',
      parts: split.parts,
      splitMinor: split.dueMinor,
      eachMinor: split.shareMinor,
      amountMinor: split.nextShareMinor,
      takenShares: split.takenShares,
      staleParts: null,
    };
  }
  const parts = clampParts(chosenParts ?? split?.parts ?? BILL_SPLIT_MIN_PARTS);
  const free = payableMinor(bill);
  const eachMinor = splitShares(free, parts)[0] ?? 0;
  return {
    kind: split ? 'again' : 'start',
    parts,
    splitMinor: free,
    eachMinor,
    amountMinor: eachMinor,
    takenShares: 0,
    staleParts: split?.parts ?? null,
  };
}

/** What the checkout is sent for the share previewed. */
export function shareCheckout(
  preview: SharePreview,
): Pick<Extract<TBillCheckoutRequest, { mode: 'equal' }>, 'mode' | 'parts' | 'newSplit'> {
  return { mode: 'equal', parts: preview.parts, ...(preview.kind === 'again' ? { newSplit: true } : {}) };
}

/** Whether the share previewed is the split's last, the one that takes the remainder. */
export function isLastShare(preview: SharePreview): boolean {
  return preview.takenShares === preview.parts - 1;
}

/** `total` split `parts` ways: each share floor(total / parts), the remainder on the last one. */
export function splitShares(totalMinor: number, parts: number): number[] {
  const n = clampParts(parts);
  const base = Math.floor(totalMinor / n);
  const shares = Array.from({ length: n }, () => base);
  shares[n - 1] = totalMinor - base * (n - 1);
  return shares;
}

// ---- items ---------------------------------------------------------------------------------------

/** Units of a line this phone may still choose: not paid, and not held by another checkout. */
export function unitsLeft(line: Pick<TBillLine, 'quantity' | 'paidQuantity' | 'pendingQuantity'>): number {
  return Math.max(0, line.quantity - line.paidQuantity - line.pendingQuantity);
}

/**
 * The price of `units` more units of a line, as the server reckons it: the line's total spread over
 * its units, floor(total × (taken + k) / n) − floor(total × taken / n), where `taken` counts units
 * paid or held. The units of a line so add up exactly to its total, whoever pays them.
 */
export function lineUnitsMinor(
  line: Pick<TBillLine, 'quantity' | 'paidQuantity' | 'pendingQuantity' | 'totalMinor'>,
  units: number,
): number {
  const n = line.quantity;
  if (n <= 0 || units <= 0) return 0;
  const taken = Math.min(n, line.paidQuantity + line.pendingQuantity);
  const k = Math.min(units, n - taken);
  return Math.floor((line.totalMinor * (taken + k)) / n) - Math.floor((line.totalMinor * taken) / n);
}

/** A line's key in a choice of items. */
export const lineKey = (line: Pick<TBillLine, 'orderId' | 'lineIndex'>) =>
  `${line.orderId}:${line.lineIndex}`;

/** Units chosen per line (by lineKey); lines at 0 are left out. */
export type ItemChoice = Readonly<Record<string, number>>;

/** The chosen units, each within what is left of its line, as the checkout sends them. */
export function choiceToItems(lines: readonly TBillLine[], choice: ItemChoice): TBillItemChoice[] {
  const items: TBillItemChoice[] = [];
  for (const line of lines) {
    const quantity = Math.min(choice[lineKey(line)] ?? 0, unitsLeft(line));
    if (quantity > 0) items.push({ orderId: line.orderId, lineIndex: line.lineIndex, quantity });
  }
  return items;
}

/** What the chosen units cost. */
export function choiceAmountMinor(lines: readonly TBillLine[], choice: ItemChoice): number {
  return lines.reduce((sum, line) => sum + lineUnitsMinor(line, choice[lineKey(line)] ?? 0), 0);
}

/** The choice with one line set to `units` (kept within what is left of it). */
export function setChoice(choice: ItemChoice, line: TBillLine, units: number): ItemChoice {
  const key = lineKey(line);
  const next = Math.min(unitsLeft(line), Math.max(0, Math.trunc(units)));
  const { [key]: _old, ...rest } = choice;
  return next > 0 ? { ...rest, [key]: next } : rest;
}

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

function isItemTaken(value: unknown): value is TBillItemTaken {
  if (typeof value !== 'object' || value === null) return false;
  const { orderId, lineIndex, menuItemId, name, quantity, remaining, beingPaid } = value as Record<
    string,
    unknown
  >;
  return (
    typeof orderId === 'string' &&
    isCount(lineIndex) &&
    typeof menuItemId === 'string' &&
    typeof name === 'string' &&
    isCount(quantity) &&
    isCount(remaining) &&
    typeof beingPaid === 'boolean'
  );
}

/**
 * The lines a 409 says were paid, or are being paid, since the bill was read: the answer's
 * `itemsTaken` (`ZBillItemTaken`), checked by hand like the rest of the error (readApiError); none
 * when the body has no such list.
 */
export function readItemsTaken(data: unknown): TBillItemTaken[] {
  const taken = (data as { error?: { itemsTaken?: unknown } } | null)?.error?.itemsTaken;
  return Array.isArray(taken) && taken.every(isItemTaken) ? taken : [];
}

/** What is left of each line taken meanwhile, in the guest's language and with the guest's dish names. */
export function describeItemsTaken(taken: readonly TBillItemTaken[], names: MenuNames): string {
  return taken
    .map((item) => {
      const values = {
        name: names.dish(item.menuItemId, item.name),
        left: item.remaining,
        quantity: item.quantity,
      };
      if (item.beingPaid) return t('guest.pay.itemBeingPaid', values);
      return item.remaining === 0 ? t('guest.pay.itemPaid', values) : t('guest.pay.itemPartlyPaid', values);
    })
    .join(' ');
}

// ---- tips ----------------------------------------------------------------------------------------

export const TIP_PERCENTS = [0, 5, 10, 15] as const;

/** `percent` of the amount, rounded half up to a whole minor unit. */
export function tipForPercent(amountMinor: number, percent: number): number {
  if (amountMinor <= 0 || percent <= 0) return 0;
  return Math.floor((amountMinor * percent + 50) / 100);
}

/** The largest tip the server accepts on an amount. */
export function maxTipMinor(amountMinor: number): number {
  return Math.max(0, amountMinor * TIP_MAX_MULTIPLE);
}

/** Why a tip cannot go with an amount, or null when it can. */
export function tipProblem(amountMinor: number, tipMinor: number): string | null {
  if (tipMinor < 0) return t('guest.tip.negative');
  if (tipMinor > maxTipMinor(amountMinor)) return t('guest.tip.tooLarge');
  return null;
}

/** A tip as the guest chose it: a suggested percent of the amount, or an amount typed by hand. */
export type TipChoice = { kind: 'percent'; percent: number } | { kind: 'custom'; text: string };

export const NO_TIP: TipChoice = { kind: 'percent', percent: 0 };

/** The tip in minor units for an amount, and why it cannot go (a bad or too large amount). */
export function resolveTip(
  choice: TipChoice,
  amountMinor: number,
  currency: string,
): { tipMinor: number; error: string | null } {
  if (choice.kind === 'percent') return { tipMinor: tipForPercent(amountMinor, choice.percent), error: null };
  if (choice.text.trim() === '') return { tipMinor: 0, error: null };
  const parsed = parsePriceInput(choice.text, currency);
  if (!parsed.ok) return { tipMinor: 0, error: tipInputProblem(choice.text, currency) };
  return { tipMinor: parsed.minor, error: tipProblem(amountMinor, parsed.minor) };
}

/** Why a typed tip is not an amount, in a sentence of its own (not a price's fragment). */
function tipInputProblem(text: string, currency: string): string {
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(text.replace(/\s+/g, ''));
  const fraction = match?.[2] ?? '';
  if (!match || !/\d/.test(match[0])) return t('guest.tip.notAmount', { example: examplePrice(currency) });
  const digits = currencyMinorDigits(currency);
  if (fraction.length > digits)
    return digits === 0 ? t('guest.tip.whole', { currency }) : t('guest.tip.decimals', { count: digits });
  // Digits, but too many of them: more than anyone pays.
  return t('guest.tip.tooLarge');
}
