import { describe, expect, it } from 'vitest';
import {
  personName,
  personOptions,
  readActivityView,
  reasonLabel,
  resolveActivityRange,
  writeActivityView,
} from './activity-view';

const params = (search: string) => new URLSearchParams(search);
const ANNA = '77777777-7777-4777-8777-777777777777';

describe('the activity view', () => {
  it('reads the URL, leaving out what it cannot use', () => {
    expect(readActivityView(params(''))).toEqual({
      period: 'today',
      from: '',
      to: '',
      kind: '',
      staffId: '',
      page: 1,
    });
    expect(
      readActivityView(
        params(`period=custom&from=2025-03-01&to=2025-02-30&kind=order.moved&staff=${ANNA}&page=3`),
      ),
    ).toEqual({ period: 'custom', from: '2025-03-01', to: '', kind: 'order.moved', staffId: ANNA, page: 3 });
    expect(readActivityView(params('period=forever&kind=order.eaten&staff=anna&page=-2'))).toMatchObject({
      period: 'today',
      kind: '',
      staffId: '',
      page: 1,
    });
  });

  it('turns each period into the restaurant’s days', () => {
    const today = '2025-03-01';
    const range = (search: string) => resolveActivityRange(readActivityView(params(search)), today);
    expect(range('')).toEqual({ ok: true, from: today, to: today });
    expect(range('period=yesterday')).toEqual({ ok: true, from: '2025-02-28', to: '2025-02-28' });
    expect(range('period=7d')).toEqual({ ok: true, from: '2025-02-23', to: today });
    expect(range('period=custom&from=2025-01-01&to=2025-01-31')).toEqual({
      ok: true,
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(range('period=custom&from=2025-01-01')).toEqual({
      ok: false,
      message: 'Choose a start and an end date.',
    });
    expect(range('period=custom&from=2025-02-01&to=2025-01-31')).toEqual({
      ok: false,
      message: 'The end date is before the start date.',
    });
  });

  it('writes changes back: page one after any filter, defaults left out, custom dates filled in', () => {
    const write = (
      search: string,
      change: Parameters<typeof writeActivityView>[1],
      shown?: { from: string; to: string },
    ) => writeActivityView(params(search), change, shown).toString();
    expect(write('kind=order.moved&page=3', { page: 4 })).toBe('kind=order.moved&page=4');
    expect(write('kind=order.moved&page=3', { kind: '' })).toBe('');
    expect(write('page=2', { staffId: ANNA })).toBe(`staff=${ANNA}`);
    expect(write('period=7d', { period: 'today' })).toBe('');
    expect(write('period=7d', { period: 'custom' }, { from: '2025-02-23', to: '2025-03-01' })).toBe(
      'period=custom&from=2025-02-23&to=2025-03-01',
    );
    expect(write('period=custom&from=2025-02-23&to=2025-03-01', { to: '2025-03-02' })).toBe(
      'period=custom&from=2025-02-23&to=2025-03-02',
    );
    expect(
      write('period=custom&from=2025-02-23&to=2025-03-01&kind=order.moved', { period: 'yesterday' }),
    ).toBe('period=yesterday&kind=order.moved');
  });

  it('says a void’s or a discount’s reason in words, and a typed reason as typed', () => {
    expect(reasonLabel('order.line_voided', 'guest_changed_mind')).toBe('Guest changed their mind');
    expect(reasonLabel('order.discounted', 'staff_meal')).toBe('Staff meal');
    expect(reasonLabel('order.discounted', 'other')).toBe('Other');
    expect(reasonLabel(null, 'regular_guest')).toBe('Regular guest');
    expect(reasonLabel('order.cancelled', 'quality')).toBe('quality');
    expect(reasonLabel('payment.refunded', 'Cold soup')).toBe('Cold soup');
    expect(reasonLabel('order.line_voided', null)).toBeNull();
  });

  it('names guests and the system in words, and people by name', () => {
    expect(personName({ id: null, name: 'Guest' })).toBe('A guest');
    expect(personName({ id: null, name: 'System' })).toBe('System');
    expect(personName({ id: ANNA, name: 'Guest' })).toBe('Guest');
  });

  it('offers each person once, by name, the staff list’s name first, and keeps a chosen one', () => {
    const options = personOptions(
      {
        staff: [{ id: ANNA, name: 'Anna Verdi' }],
        seen: [{ id: ANNA, name: 'Anna V.' }, { id: 'b', name: 'Bruno' }, { id: null, name: 'Guest' }, null],
      },
      '',
    );
    expect(options).toEqual([
      { value: '', label: 'Anyone' },
      { value: ANNA, label: 'Anna Verdi' },
      { value: 'b', label: 'Bruno' },
    ]);
    expect(personOptions({ seen: [] }, ANNA)).toEqual([
      { value: '', label: 'Anyone' },
      { value: ANNA, label: 'The person chosen' },
    ]);
  });
});
