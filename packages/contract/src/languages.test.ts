import { describe, expect, it } from 'vitest';
import { ZRestaurantLanguages } from './languages';
import { acceptedTags, chooseLanguage, languageOfTag } from './values/languages';

describe('languageOfTag', () => {
  it('reads the language of a tag, whatever its region or case', () => {
    expect(languageOfTag('de-CH')).toBe('de');
    expect(languageOfTag('EN-gb')).toBe('en');
    expect(languageOfTag('fr_CA')).toBe('fr');
    expect(languageOfTag(' it ')).toBe('it');
  });

  it('knows none but its five', () => {
    expect(languageOfTag('pt-BR')).toBeUndefined();
    expect(languageOfTag('*')).toBeUndefined();
    expect(languageOfTag('')).toBeUndefined();
    expect(languageOfTag('english')).toBeUndefined();
  });
});

describe('acceptedTags', () => {
  it('orders by q-value, ties keeping their order, and leaves q=0 out', () => {
    expect(acceptedTags('fr;q=0.5, de-CH, en;q=0.8, de;q=0.9')).toEqual(['de-CH', 'de', 'en', 'fr']);
    expect(acceptedTags('it, es')).toEqual(['it', 'es']);
    expect(acceptedTags('en;q=0, fr')).toEqual(['fr']);
  });

  it('survives what a browser would never send', () => {
    expect(acceptedTags('')).toEqual([]);
    expect(acceptedTags(',,;q=1,de;q=abc, fr;q=')).toEqual([]);
    expect(acceptedTags('de;foo=bar')).toEqual(['de']);
  });
});

describe('chooseLanguage', () => {
  const restaurant = ['it', 'en', 'de'] as const;

  it('takes the requested language when the restaurant has it', () => {
    expect(chooseLanguage(restaurant, 'de', 'en')).toBe('de');
    expect(chooseLanguage(restaurant, 'de-AT', undefined)).toBe('de');
  });

  it('else the best of Accept-Language the restaurant has', () => {
    expect(chooseLanguage(restaurant, undefined, 'fr-FR, de-CH;q=0.9, en;q=0.8')).toBe('de');
    expect(chooseLanguage(restaurant, 'fr', 'en-US,en;q=0.9')).toBe('en');
    expect(chooseLanguage(restaurant, undefined, 'es, *;q=0.1')).toBe('it');
  });

  it('else the working language', () => {
    expect(chooseLanguage(restaurant, undefined, undefined)).toBe('it');
    expect(chooseLanguage(restaurant, 'xx', 'pt-BR, ja')).toBe('it');
    expect(chooseLanguage(['fr'], 'de', 'de')).toBe('fr');
  });
});

describe('ZRestaurantLanguages', () => {
  it('takes one to five known languages, each once', () => {
    expect(ZRestaurantLanguages.safeParse(['it', 'en']).success).toBe(true);
    expect(ZRestaurantLanguages.safeParse(['en', 'it', 'es', 'de', 'fr']).success).toBe(true);
    expect(ZRestaurantLanguages.safeParse([]).success).toBe(false);
    expect(ZRestaurantLanguages.safeParse(['it', 'it']).success).toBe(false);
    expect(ZRestaurantLanguages.safeParse(['pt']).success).toBe(false);
  });
});
