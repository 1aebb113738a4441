import { describe, expect, it } from 'vitest';
import { readPeriod, resolvePeriod, writePeriod } from './payment-period';

const params = (search: string) => new URLSearchParams(search);

describe('payment period', () => {
  it('turns each preset into inclusive days ending today', () => {
    const today = '2025-03-14';
    const range = (search: string) => resolvePeriod(readPeriod(params(search)), today);
    expect(range('period=today')).toEqual({ ok: true, from: today, to: today });
    expect(range('')).toEqual({ ok: true, from: '2025-03-08', to: today });
    expect(range('period=7d')).toEqual({ ok: true, from: '2025-03-08', to: today });
    expect(range('period=30d')).toEqual({ ok: true, from: '2025-02-13', to: today });
    expect(range('period=month')).toEqual({ ok: true, from: '2025-03-01', to: today });
    expect(range('period=nonsense')).toEqual({ ok: true, from: '2025-03-08', to: today });
  });

  it('takes custom dates when they make a period the stats cover', () => {
    const range = (search: string) => resolvePeriod(readPeriod(params(search)), '2025-03-14');
    expect(range('period=custom&from=2025-01-01&to=2025-01-31')).toEqual({
      ok: true,
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(range('period=custom&from=2025-01-01')).toEqual({
      ok: false,
      message: 'Choose a start and an end date.',
    });
    expect(range('period=custom&from=2025-02-30&to=2025-03-01')).toMatchObject({ ok: false });
    expect(range('period=custom&from=2025-03-02&to=2025-03-01')).toEqual({
      ok: false,
      message: 'The end date is before the start date.',
    });
    expect(range('period=custom&from=2024-01-01&to=2025-01-01')).toEqual({
      ok: false,
      message: 'Choose at most 366 days.',
    });
    expect(range('period=custom&from=2024-01-01&to=2024-12-31')).toMatchObject({ ok: true });
  });

  it('writes a clean URL: no default, no dates but for a custom period, back to page one', () => {
    const write = (
      search: string,
      change: Parameters<typeof writePeriod>[1],
      shown?: { from: string; to: string },
    ) => writePeriod(params(search), change, shown).toString();
    expect(write('period=today&page=3&method=card', { preset: '7d' })).toBe('method=card');
    expect(write('', { preset: 'month' })).toBe('period=month');
    expect(write('period=custom&from=2025-01-01&to=2025-01-31', { preset: '30d' })).toBe('period=30d');
    expect(write('period=month', { preset: 'custom' }, { from: '2025-03-01', to: '2025-03-14' })).toBe(
      'period=custom&from=2025-03-01&to=2025-03-14',
    );
    expect(write('period=custom&from=2025-01-01&to=2025-01-31', { to: '2025-02-10' })).toBe(
      'period=custom&from=2025-01-01&to=2025-02-10',
    );
    expect(write('period=custom&from=2025-01-01&to=2025-01-31', { from: '' })).toBe(
      'period=custom&to=2025-01-31',
    );
  });
});
