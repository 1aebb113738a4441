import type { MenuCsvColumn } from '@tavolo/contract/menu-import';
import { t } from '../../../lib/i18n/i18n';

/** What a column of menu.csv holds, in the person's language. */
export function describeMenuCsvColumn(column: MenuCsvColumn): string {
  switch (column) {
    case 'id':
      return t('menu.import.column.id');
    case 'category':
      return t('menu.import.column.category');
    case 'dish':
      return t('menu.import.column.dish');
    case 'description':
      return t('menu.import.column.description');
    case 'price':
      return t('menu.import.column.price');
    case 'tax_rate':
      return t('menu.import.column.taxRate');
    case 'available':
      return t('menu.import.column.available');
    case 'days':
      return t('menu.import.column.days');
    case 'tags':
      return t('menu.import.column.tags');
    case 'allergens':
      return t('menu.import.column.allergens');
    case 'prep_minutes':
      return t('menu.import.column.prepMinutes');
  }
}
