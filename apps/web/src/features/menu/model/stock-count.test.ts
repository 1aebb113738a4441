import { describe, expect, it } from 'vitest';
import { parseStockInput, stockText } from './stock-count';

describe('parseStockInput', () => {
  it('reads empty or ∞ as not counted, and a whole number from 0 as what is left', () => {
    expect(parseStockInput('')).toEqual({ ok: true, count: null });
    expect(parseStockInput('  ')).toEqual({ ok: true, count: null });
    expect(parseStockInput('∞')).toEqual({ ok: true, count: null });
    expect(parseStockInput('0')).toEqual({ ok: true, count: 0 });
    expect(parseStockInput(' 12 ')).toEqual({ ok: true, count: 12 });
    expect(parseStockInput('100000')).toEqual({ ok: true, count: 100_000 });
  });

  it('refuses what the server would: negatives, fractions, words, too many', () => {
    for (const typed of ['-1', '1.5', '1,5', 'twelve', '1e3', '100001']) {
      expect(parseStockInput(typed), typed).toEqual({ ok: false });
    }
  });

  it('shows a count as typed, and nothing for a dish not counted', () => {
    expect(stockText(null)).toBe('');
    expect(stockText(0)).toBe('0');
    expect(stockText(12)).toBe('12');
  });
});
