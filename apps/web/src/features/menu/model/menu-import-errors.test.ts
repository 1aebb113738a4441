import { describeMenuImportError as english, MENU_IMPORT_ERROR_CODES } from '@tavolo/contract/menu-import';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { LANGUAGES } from '../../../lib/i18n/languages';
import { loadCatalogues, speakEnglishAgain } from '../../../testing/languages';
import { describeMenuImportError, describeMenuImportRow } from './menu-import-errors';

/** Figures of every kind an error may carry. */
const params = {
  max: 120,
  min: 0,
  example: '12.50',
  value: 'Luxury',
  known: 'Reduced, Standard',
  otherRow: 4,
  count: 2,
  line: 7,
  digits: 2,
};

describe('the import’s errors, worded', () => {
  afterAll(speakEnglishAgain);

  it('say every code the server can answer, with its figures, in every language', async () => {
    for (const language of LANGUAGES) {
      loadCatalogues(language);
      await activateLanguage(language);
      for (const code of MENU_IMPORT_ERROR_CODES) {
        const words = describeMenuImportError({ code, params });
        expect(words, `${code} in ${language}`).not.toMatch(/menu\.import|[{}]/);
        expect(words.length, `${code} in ${language}`).toBeGreaterThan(5);
      }
      expect(describeMenuImportError({ code: 'duplicate_row', params })).toContain('4');
      expect(describeMenuImportError({ code: 'invalid_price', params })).toContain('12.50');
    }
  });

  it('in English, say what the server says', async () => {
    await speakEnglishAgain();
    for (const code of ['required', 'too_long', 'invalid_price', 'duplicate_row', 'same_dish'] as const)
      expect(describeMenuImportError({ code, params })).toBe(english(code, params));
    expect(describeMenuImportError({ code: 'unknown_tax_rate', params: { value: 'X', known: '' } })).toMatch(
      /none yet/,
    );
    expect(describeMenuImportRow(1)).toBe('Header');
    expect(describeMenuImportRow(12)).toBe('Row 12');
  });
});
