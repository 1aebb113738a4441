import { t } from '../../../lib/i18n/i18n';

/**
 * A dish's tag or allergen in the guest's language: the labels the menu form suggests (the
 * contract's SUGGESTED_TAGS and SUGGESTED_ALLERGENS) are translated, any other one is shown as the
 * restaurant wrote it.
 */
export function dishLabelName(label: string): string {
  switch (label.toLowerCase()) {
    case 'vegetarian':
      return t('guest.tag.vegetarian');
    case 'vegan':
      return t('guest.tag.vegan');
    case 'spicy':
      return t('guest.tag.spicy');
    case 'gluten-free':
      return t('guest.tag.glutenFree');
    case 'dairy-free':
      return t('guest.tag.dairyFree');
    case 'halal':
      return t('guest.tag.halal');
    case 'new':
      return t('guest.tag.new');
    case 'popular':
      return t('guest.tag.popular');
    case 'gluten':
      return t('guest.allergen.gluten');
    case 'crustaceans':
      return t('guest.allergen.crustaceans');
    case 'eggs':
      return t('guest.allergen.eggs');
    case 'fish':
      return t('guest.allergen.fish');
    case 'peanuts':
      return t('guest.allergen.peanuts');
    case 'soybeans':
      return t('guest.allergen.soybeans');
    case 'milk':
      return t('guest.allergen.milk');
    case 'nuts':
      return t('guest.allergen.nuts');
    case 'celery':
      return t('guest.allergen.celery');
    case 'mustard':
      return t('guest.allergen.mustard');
    case 'sesame':
      return t('guest.allergen.sesame');
    case 'sulphites':
      return t('guest.allergen.sulphites');
    case 'lupin':
      return t('guest.allergen.lupin');
    case 'molluscs':
      return t('guest.allergen.molluscs');
    default:
      return label;
  }
}
