import { describe, expect, it } from 'vitest';
import {
  addLanguage,
  canRemoveLanguage,
  languagesToAdd,
  makeWorkingLanguage,
  removeLanguage,
} from './restaurant-languages';

describe("a restaurant's languages", () => {
  it('offers the languages not listed yet, in Tavolo’s order', () => {
    expect(languagesToAdd(['it', 'en'])).toEqual(['es', 'de', 'fr']);
    expect(languagesToAdd(['en', 'it', 'es', 'de', 'fr'])).toEqual([]);
  });

  it('adds a language after the others, once', () => {
    expect(addLanguage(['it'], 'de')).toEqual(['it', 'de']);
    expect(addLanguage(['it', 'de'], 'de')).toEqual(['it', 'de']);
  });

  it('removes a language but never the last one nor the working one', () => {
    expect(removeLanguage(['it', 'en', 'de'], 'en')).toEqual(['it', 'de']);
    expect(canRemoveLanguage(['it'], 'it')).toBe(false);
    expect(removeLanguage(['it'], 'it')).toEqual(['it']);
    expect(canRemoveLanguage(['it', 'en'], 'it')).toBe(false);
    expect(canRemoveLanguage(['it', 'en'], 'fr')).toBe(false);
  });

  it('makes a language the working one by moving it first, the others in their order', () => {
    expect(makeWorkingLanguage(['it', 'en', 'de'], 'de')).toEqual(['de', 'it', 'en']);
    expect(makeWorkingLanguage(['it', 'en'], 'it')).toEqual(['it', 'en']);
  });
});
