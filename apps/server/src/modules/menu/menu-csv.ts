import type { Language } from '@tavolo/contract/languages';
import type { TCategory } from '@tavolo/contract/menu';
import {
  formatMenuCsvDays,
  MAX_MENU_IMPORT_ROWS,
  menuCsvHeader,
  type TMenuImportError,
} from '@tavolo/contract/menu-import';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { MenuItemRow } from '../../db/rows';
import { defuseFormula, formatMajorUnits } from '../../lib/export-values';
import { importError } from './menu-import-plan';

/*
 * menu.csv, written and read (decision 044). The export and the "current menu" download write it;
 * the import reads it back, so each cell is written as the import reads it (menu-import.ts in the
 * contract): a re-import of an export changes nothing.
 */

const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/** What menu.csv is made of: the categories in menu order, their dishes in menu order. */
export type MenuCsvSource = {
  currency: string;
  languages: readonly Language[];
  categories: readonly Pick<TCategory, 'id' | 'name' | 'translations'>[];
  items: readonly MenuItemRow[];
  taxRates: readonly { id: string; name: string }[];
};

/** Weekdays served as `days` writes them: "mon wed fri"; empty for every day. */
export const formatWeekdays = formatMenuCsvDays;

/** menu.csv's text (CRLF line ends, as spreadsheets write CSV) from its rows. */
export function menuCsvTextOf(rows: string[][]): string {
  return stringify(rows, CSV_OPTIONS);
}

/** menu.csv's rows, the header first: one per dish, and one per category that has none. */
export function menuCsvRows(source: MenuCsvSource): string[][] {
  const translationLanguages = source.languages.slice(1);
  const rateNames = new Map(source.taxRates.map((rate) => [rate.id, rate.name]));
  const text = (value: string | null | undefined) => (value ? defuseFormula(value) : '');
  const rows: string[][] = [menuCsvHeader(source.languages)];
  for (const category of source.categories) {
    const categoryTranslations = translationLanguages.map((language) =>
      text(category.translations[language]?.name),
    );
    const dishes = source.items.filter((item) => item.categoryId === category.id);
    if (dishes.length === 0) {
      rows.push([
        '',
        text(category.name),
        ...Array<string>(9).fill(''),
        ...translationLanguages.flatMap((_, i) => [categoryTranslations[i]!, '', '']),
      ]);
      continue;
    }
    for (const item of dishes) {
      rows.push([
        item.id,
        text(category.name),
        text(item.name),
        text(item.description),
        formatMajorUnits(item.priceMinor, source.currency),
        item.taxRateId ? text(rateNames.get(item.taxRateId)) : '',
        item.active ? 'yes' : 'no',
        formatWeekdays(item.availableDays),
        text(item.tags.join(', ')),
        text(item.allergens.join(', ')),
        item.prepMinutes === null ? '' : String(item.prepMinutes),
        ...translationLanguages.flatMap((language, i) => [
          categoryTranslations[i]!,
          text(item.translations[language]?.name),
          text(item.translations[language]?.description),
        ]),
      ]);
    }
  }
  return rows;
}

/** The header alone, for a restaurant with these languages: the import's template. */
export function menuCsvTemplateText(languages: readonly Language[]): string {
  return stringify([menuCsvHeader(languages)], CSV_OPTIONS);
}

/** A CSV read: its header (as written) and each row's cells, with the spreadsheet's row number. */
export type ReadCsv = {
  text: string;
  header: string[];
  records: { row: number; cells: string[] }[];
};

/**
 * The separator the file uses: spreadsheets set to a language with a decimal comma write
 * semicolons. Read from the header, whose names hold neither.
 */
function delimiterOf(text: string): ',' | ';' | '\t' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  const counts = { ',': count(','), ';': count(';'), '\t': count('\t') };
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/**
 * Reads an uploaded file as CSV: UTF-8 (a byte-order mark is dropped), commas, semicolons or tabs.
 * Each record's row is its number in a spreadsheet (the header is row 1; an empty line is a row).
 */
export function readCsv(bytes: Buffer): ReadCsv | { error: TMenuImportError } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { error: importError(1, null, 'not_utf8') };
  }
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      // A record past the limit stops the reading: the answer says the file is too long.
      to: MAX_MENU_IMPORT_ROWS + 2,
    });
  } catch (error) {
    const { lines, records: before } = error as { lines?: number; records?: number };
    return { error: importError((before ?? 0) + 1, null, 'malformed', { line: lines ?? 1 }) };
  }
  const [header = [], ...rows] = records;
  return {
    text,
    header,
    records: rows.map((cells, index) => ({ row: index + 2, cells })),
  };
}
