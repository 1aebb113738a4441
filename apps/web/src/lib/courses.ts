import { MAX_COURSE } from '@tavolo/contract/values/orders';
import { t } from './i18n/i18n';

/*
 * The words of courses (PRODUCT.md §10), one set for every screen: 0 is "At once" (drinks and
 * anything served as it comes), 1–3 carry the usual names, 4 and 5 their number. Categories, the table's screen and the kitchen's
 * screens say the same thing about the same course.
 */

/** Every course, 0 to MAX_COURSE. */
export const COURSES: readonly number[] = Array.from({ length: MAX_COURSE + 1 }, (_, course) => course);

/** "At once", "Starters", "Mains", "Desserts", "Course 4". */
export function courseName(course: number): string {
  switch (course) {
    case 0:
      return t('lib.course.atOnce');
    case 1:
      return t('lib.course.starters');
    case 2:
      return t('lib.course.mains');
    case 3:
      return t('lib.course.desserts');
    default:
      return t('lib.course.number', { course });
  }
}

/** A course as a category's setting names it: its number and what it usually holds, or that it fires at once. */
export function courseChoiceLabel(course: number): string {
  switch (course) {
    case 0:
      return t('lib.course.choice.atOnce');
    case 1:
      return t('lib.course.choice.starters');
    case 2:
      return t('lib.course.choice.mains');
    case 3:
      return t('lib.course.choice.desserts');
    default:
      return t('lib.course.number', { course });
  }
}

/** The button that sends a held course to the kitchen: "Fire mains", "Fire course 4". */
export function fireCourseLabel(course: number): string {
  switch (course) {
    case 0:
      return t('lib.course.fire.atOnce');
    case 1:
      return t('lib.course.fire.starters');
    case 2:
      return t('lib.course.fire.mains');
    case 3:
      return t('lib.course.fire.desserts');
    default:
      return t('lib.course.fire.number', { course });
  }
}
