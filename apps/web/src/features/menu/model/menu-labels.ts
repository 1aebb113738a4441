import { t } from '../../../lib/i18n/i18n';

/*
 * Tags and allergens are stored as the contract's lower-case English words ("vegetarian",
 * "gluten"); the suggested ones are shown in the person's language. A label someone typed is their
 * own word and is shown as it is.
 */

/** A tag as people read it: the suggested ones translated, any other as typed. */
export function tagName(tag: string): string {
  switch (tag) {
    case 'vegetarian':
      return t('menu.tags.vegetarian');
    case 'vegan':
      return t('menu.tags.vegan');
    case 'spicy':
      return t('menu.tags.spicy');
    case 'gluten-free':
      return t('menu.tags.glutenFree');
    case 'dairy-free':
      return t('menu.tags.dairyFree');
    case 'halal':
      return t('menu.tags.halal');
    case 'new':
      return t('menu.tags.new');
    case 'popular':
      return t('menu.tags.popular');
    default:
      return tag;
  }
}

/** An allergen as people read it: the fourteen EU ones translated, any other as typed. */
export function allergenName(allergen: string): string {
  switch (allergen) {
    case 'gluten':
      return t('menu.allergens.gluten');
    case 'crustaceans':
      return t('menu.allergens.crustaceans');
    case 'eggs':
      return t('menu.allergens.eggs');
    case 'fish':
      return t('menu.allergens.fish');
    case 'peanuts':
      return t('menu.allergens.peanuts');
    case 'soybeans':
      return t('menu.allergens.soybeans');
    case 'milk':
      return t('menu.allergens.milk');
    case 'nuts':
      return t('menu.allergens.nuts');
    case 'celery':
      return t('menu.allergens.celery');
    case 'mustard':
      return t('menu.allergens.mustard');
    case 'sesame':
      return t('menu.allergens.sesame');
    case 'sulphites':
      return t('menu.allergens.sulphites');
    case 'lupin':
      return t('menu.allergens.lupin');
    case 'molluscs':
      return t('menu.allergens.molluscs');
    default:
      return allergen;
  }
}
