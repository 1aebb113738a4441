import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogues, speakEnglishAgain } from '../testing/languages';
import { COURSES, courseChoiceLabel, courseName, fireCourseLabel } from './courses';
import { activateLanguage } from './i18n/i18n';
import { LANGUAGES } from './i18n/languages';

describe('the words of courses', () => {
  afterAll(speakEnglishAgain);

  it('call course 0 "At once", never drinks, then starters, mains, desserts and numbers', async () => {
    await speakEnglishAgain();
    expect(COURSES.map(courseName)).toEqual([
      'At once',
      'Starters',
      'Mains',
      'Desserts',
      'Course 4',
      'Course 5',
    ]);
    expect(courseChoiceLabel(0)).toBe('At once – drinks and anything served as it comes');
    expect(courseChoiceLabel(2)).toBe('Course 2 (mains)');
    expect(fireCourseLabel(2)).toBe('Fire mains');
  });

  it('name each course in every language, course 0 as served at once', async () => {
    const atOnce = { en: 'At once', it: 'Subito', es: 'Al momento', de: 'Sofort', fr: 'Tout de suite' };
    const mains = { en: 'Mains', it: 'Secondi', es: 'Principales', de: 'Hauptgerichte', fr: 'Plats' };
    for (const language of LANGUAGES) {
      loadCatalogues(language);
      await activateLanguage(language);
      expect(courseName(0), language).toBe(atOnce[language]);
      expect(courseName(2), language).toBe(mains[language]);
      const names = COURSES.map(courseName);
      expect(new Set(names).size, `${language}: ${names.join(', ')}`).toBe(COURSES.length);
      for (const words of [...names, ...COURSES.map(courseChoiceLabel), ...COURSES.map(fireCourseLabel)]) {
        expect(words, language).not.toMatch(/lib\.course|[{}]/);
      }
    }
  });
});
