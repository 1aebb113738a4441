import type { TMenuImportChange, TMenuImportError } from '@tavolo/contract/menu-import';
import { t } from '../../../lib/i18n/i18n';

/** What is wrong with a row or the file, in the person's language (the server words it in English). */
export function describeMenuImportError(error: Pick<TMenuImportError, 'code' | 'params'>): string {
  const p = error.params;
  switch (error.code) {
    case 'required':
      return t('menu.import.error.required');
    case 'too_long':
      return t('menu.import.error.tooLong', { max: p.max });
    case 'invalid_id':
      return t('menu.import.error.invalidId');
    case 'invalid_price':
      return t('menu.import.error.invalidPrice', { example: p.example });
    case 'out_of_range':
      return t('menu.import.error.outOfRange', { min: p.min, max: p.max });
    case 'invalid_whole_number':
      return t('menu.import.error.invalidWholeNumber');
    case 'invalid_yes_no':
      return t('menu.import.error.invalidYesNo');
    case 'invalid_days':
      return t('menu.import.error.invalidDays', { value: p.value });
    case 'too_many':
      return t('menu.import.error.tooMany', { max: p.max });
    case 'unknown_tax_rate':
      return p.known
        ? t('menu.import.error.unknownTaxRate', { value: p.value, known: p.known })
        : t('menu.import.error.unknownTaxRateNone', { value: p.value });
    case 'duplicate_row':
      return t('menu.import.error.duplicateRow', { otherRow: p.otherRow });
    case 'same_dish':
      return t('menu.import.error.sameDish', { otherRow: p.otherRow });
    case 'ambiguous_dish':
      return t('menu.import.error.ambiguousDish', { count: p.count });
    case 'category_differs':
      return t('menu.import.error.categoryDiffers', { otherRow: p.otherRow });
    case 'missing_column':
      return t('menu.import.error.missingColumn');
    case 'unknown_column':
      return t('menu.import.error.unknownColumn');
    case 'duplicate_column':
      return t('menu.import.error.duplicateColumn');
    case 'working_language_column':
      return t('menu.import.error.workingLanguageColumn');
    case 'language_not_offered':
      return t('menu.import.error.languageNotOffered');
    case 'not_utf8':
      return t('menu.import.error.notUtf8');
    case 'malformed':
      return t('menu.import.error.malformed', { line: p.line });
    case 'no_rows':
      return t('menu.import.error.noRows');
    case 'too_many_rows':
      return t('menu.import.error.tooManyRows', { max: p.max });
  }
}

/** Where an error is: "Row 3", or the header. */
export function describeMenuImportRow(row: number): string {
  return row === 1 ? t('menu.import.header') : t('menu.import.row', { row });
}

/** The file's errors row by row, each row's all together, in the file's order. */
export function groupImportErrorsByRow<E extends Pick<TMenuImportError, 'row'>>(
  errors: readonly E[],
): { row: number; errors: E[] }[] {
  const rows = new Map<number, E[]>();
  for (const error of errors) {
    const list = rows.get(error.row);
    if (list) list.push(error);
    else rows.set(error.row, [error]);
  }
  return [...rows].sort(([a], [b]) => a - b).map(([row, list]) => ({ row, errors: list }));
}

/** A changed cell's value as shown: as the file writes it, or what an empty cell means. */
export function describeImportValue(change: Pick<TMenuImportChange, 'field'>, value: string | null): string {
  if (value !== null) return value;
  return change.field === 'days' ? t('menu.import.value.everyDay') : t('menu.import.value.empty');
}
