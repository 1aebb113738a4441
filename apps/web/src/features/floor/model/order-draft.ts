import type { TCreateOrderRequest } from '@tavolo/contract/orders';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '@tavolo/contract/values/orders';
import type { ChosenOption } from '../../../lib/option-selection';

/**
 * What a waiter is about to send for a table: lines picked one by one, editable until "Send". The
 * draft lives in the tab's sessionStorage with the Idempotency-Key of its sending, so a reload, a
 * retry or a second tap sends the same order once (the server replays the first answer).
 */

export interface DraftLine {
  /** The line's own id on the phone (two lines may hold the same dish). */
  id: string;
  menuItemId: string;
  name: string;
  /** The dish with its options as the menu prices it: an estimate, the server prices the order. */
  unitPriceMinor: number;
  quantity: number;
  options: ChosenOption[];
  note: string;
  seat: number | null;
  course: number | null;
}

export interface OrderDraft {
  tableId: string;
  lines: DraftLine[];
  /**
   * Set on the first attempt to send and kept for every retry; a change to the lines clears it,
   * since another order is another request.
   */
  idempotencyKey: string | null;
}

export function emptyDraft(tableId: string): OrderDraft {
  return { tableId, lines: [], idempotencyKey: null };
}

const sameOptions = (a: readonly ChosenOption[], b: readonly ChosenOption[]) =>
  a.length === b.length &&
  a.every((option, index) => option.group === b[index]?.group && option.choice === b[index]?.choice);

/** Whether two lines are the same thing for the kitchen (they then make one line). */
function isSameLine(a: Omit<DraftLine, 'id'>, b: Omit<DraftLine, 'id'>): boolean {
  return (
    a.menuItemId === b.menuItemId &&
    sameOptions(a.options, b.options) &&
    a.note.trim() === b.note.trim() &&
    a.seat === b.seat &&
    a.course === b.course
  );
}

/** The draft with a line more; the same dish with the same choices adds to its line instead. */
export function addDraftLine(draft: OrderDraft, line: DraftLine): OrderDraft {
  const same = draft.lines.find((known) => isSameLine(known, line));
  if (same) {
    const quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
    return {
      ...draft,
      idempotencyKey: null,
      lines: draft.lines.map((known) => (known === same ? { ...known, quantity } : known)),
    };
  }
  if (draft.lines.length >= MAX_ORDER_LINES) return draft;
  return { ...draft, idempotencyKey: null, lines: [...draft.lines, line] };
}

/** The draft with one line changed (its dish, quantity, choices, note, seat or course). */
export function replaceDraftLine(draft: OrderDraft, line: DraftLine): OrderDraft {
  if (!draft.lines.some((known) => known.id === line.id)) return draft;
  return {
    ...draft,
    idempotencyKey: null,
    lines: draft.lines.map((known) => (known.id === line.id ? line : known)),
  };
}

export function removeDraftLine(draft: OrderDraft, id: string): OrderDraft {
  if (!draft.lines.some((known) => known.id === id)) return draft;
  return { ...draft, idempotencyKey: null, lines: draft.lines.filter((known) => known.id !== id) };
}

/** The draft ready to send: its key kept when it has one, a new one otherwise. */
export function withSendingKey(draft: OrderDraft, newKey: () => string): OrderDraft {
  return draft.idempotencyKey ? draft : { ...draft, idempotencyKey: newKey() };
}

/** The draft as POST /api/orders takes it from staff. */
export function draftRequest(draft: OrderDraft): TCreateOrderRequest {
  return {
    tableId: draft.tableId,
    items: draft.lines.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      ...(line.options.length > 0
        ? { options: line.options.map(({ group, choice }) => ({ group, choice })) }
        : {}),
      ...(line.note.trim() ? { note: line.note.trim() } : {}),
      ...(line.seat !== null ? { seat: line.seat } : {}),
      ...(line.course !== null ? { course: line.course } : {}),
    })),
  };
}

export function draftCount(draft: OrderDraft): number {
  return draft.lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function draftTotalMinor(draft: OrderDraft): number {
  return draft.lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
}

// ---- kept in the tab -----------------------------------------------------------------------------

const storageKey = (tableId: string) => `tavolo.floor.draft.${tableId}`;

const isNumberOrNull = (value: unknown) =>
  value === null || (typeof value === 'number' && Number.isInteger(value));

function isDraftLine(value: unknown): value is DraftLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.id === 'string' &&
    typeof line.menuItemId === 'string' &&
    typeof line.name === 'string' &&
    typeof line.unitPriceMinor === 'number' &&
    typeof line.quantity === 'number' &&
    line.quantity >= 1 &&
    line.quantity <= MAX_LINE_QUANTITY &&
    Array.isArray(line.options) &&
    line.options.every(
      (option: unknown) =>
        typeof option === 'object' &&
        option !== null &&
        typeof (option as ChosenOption).group === 'string' &&
        typeof (option as ChosenOption).choice === 'string',
    ) &&
    typeof line.note === 'string' &&
    isNumberOrNull(line.seat) &&
    isNumberOrNull(line.course)
  );
}

/** The table's draft as the tab kept it; an empty one when there is none or it is unreadable. */
export function readDraft(storage: Storage | undefined, tableId: string): OrderDraft {
  try {
    const raw = storage?.getItem(storageKey(tableId));
    if (!raw) return emptyDraft(tableId);
    const value = JSON.parse(raw) as Partial<OrderDraft>;
    if (value.tableId !== tableId || !Array.isArray(value.lines) || !value.lines.every(isDraftLine)) {
      return emptyDraft(tableId);
    }
    const key = typeof value.idempotencyKey === 'string' ? value.idempotencyKey : null;
    return { tableId, lines: value.lines, idempotencyKey: key };
  } catch {
    return emptyDraft(tableId);
  }
}

/** Keeps the draft in the tab (an empty one is forgotten); a full or blocked storage keeps it in memory only. */
export function writeDraft(storage: Storage | undefined, draft: OrderDraft): void {
  try {
    if (draft.lines.length === 0) storage?.removeItem(storageKey(draft.tableId));
    else storage?.setItem(storageKey(draft.tableId), JSON.stringify(draft));
  } catch {
    // Private modes may refuse storage; the draft still works until the page is closed.
  }
}
