import { beforeEach, describe, expect, it } from 'vitest';
import {
  addDraftLine,
  type DraftLine,
  draftCount,
  draftRequest,
  draftTotalMinor,
  emptyDraft,
  readDraft,
  removeDraftLine,
  replaceDraftLine,
  withSendingKey,
  writeDraft,
} from './order-draft';

const TABLE = '11111111-1111-4111-8111-111111111111';
const PIZZA = '22222222-2222-4222-8222-222222222222';
const WINE = '33333333-3333-4333-8333-333333333333';

let ids = 0;
function line(overrides: Partial<DraftLine> = {}): DraftLine {
  ids += 1;
  return {
    id: `line-${ids}`,
    menuItemId: PIZZA,
    name: 'Margherita',
    unitPriceMinor: 950,
    quantity: 1,
    options: [],
    note: '',
    seat: null,
    course: null,
    ...overrides,
  };
}

describe('the order draft', () => {
  it('adds the same dish with the same choices to its line, and another as a line of its own', () => {
    let draft = addDraftLine(emptyDraft(TABLE), line({ seat: 1 }));
    draft = addDraftLine(draft, line({ seat: 1, quantity: 2 }));
    draft = addDraftLine(draft, line({ seat: 2 }));
    draft = addDraftLine(draft, line({ seat: 1, options: [{ group: 'Size', choice: 'Large' }] }));
    expect(draft.lines.map((known) => [known.seat, known.quantity, known.options.length])).toEqual([
      [1, 3, 0],
      [2, 1, 0],
      [1, 1, 1],
    ]);
    expect(draftCount(draft)).toBe(5);
  });

  it('adds up what the lines come to, as the menu prices them', () => {
    let draft = addDraftLine(emptyDraft(TABLE), line({ quantity: 2 }));
    draft = addDraftLine(draft, line({ menuItemId: WINE, name: 'Wine', unitPriceMinor: 600 }));
    expect(draftTotalMinor(draft)).toBe(2500);
  });

  it('keeps its key through retries, and a change to its lines makes it another request', () => {
    const first = line();
    let draft = addDraftLine(emptyDraft(TABLE), first);
    draft = withSendingKey(draft, () => 'key-1');
    expect(withSendingKey(draft, () => 'key-2').idempotencyKey).toBe('key-1');
    expect(replaceDraftLine(draft, { ...first, quantity: 2 }).idempotencyKey).toBeNull();
    expect(removeDraftLine(draft, first.id).idempotencyKey).toBeNull();
    expect(addDraftLine(draft, line({ menuItemId: WINE })).idempotencyKey).toBeNull();
    // Nothing to change: the same draft, key and all.
    expect(removeDraftLine(draft, 'no-such-line')).toBe(draft);
  });

  it('is sent as the staff order of its table, empty fields left out', () => {
    let draft = addDraftLine(emptyDraft(TABLE), line({ seat: 2, course: 1, note: '  no basil ' }));
    draft = addDraftLine(draft, line({ menuItemId: WINE, options: [{ group: 'Glass', choice: 'Large' }] }));
    expect(draftRequest(draft)).toEqual({
      tableId: TABLE,
      items: [
        { menuItemId: PIZZA, quantity: 1, note: 'no basil', seat: 2, course: 1 },
        { menuItemId: WINE, quantity: 1, options: [{ group: 'Glass', choice: 'Large' }] },
      ],
    });
  });
});

describe('the draft in the tab', () => {
  beforeEach(() => sessionStorage.clear());

  it('comes back after a reload with its key, per table', () => {
    const draft = withSendingKey(addDraftLine(emptyDraft(TABLE), line()), () => 'key-1');
    writeDraft(sessionStorage, draft);
    expect(readDraft(sessionStorage, TABLE)).toEqual(draft);
    expect(readDraft(sessionStorage, WINE)).toEqual(emptyDraft(WINE));
  });

  it('is forgotten once empty, and an unreadable one reads as empty', () => {
    writeDraft(sessionStorage, addDraftLine(emptyDraft(TABLE), line()));
    writeDraft(sessionStorage, emptyDraft(TABLE));
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem(`tavolo.floor.draft.${TABLE}`, '{"tableId":"x"');
    expect(readDraft(sessionStorage, TABLE)).toEqual(emptyDraft(TABLE));
    sessionStorage.setItem(
      `tavolo.floor.draft.${TABLE}`,
      JSON.stringify({ tableId: TABLE, lines: [{ ...line(), quantity: 0 }], idempotencyKey: null }),
    );
    expect(readDraft(sessionStorage, TABLE)).toEqual(emptyDraft(TABLE));
  });
});
