import { z } from 'zod';
import { ZId } from './common';
import { access, endpoint } from './endpoint';
import type { Language } from './languages';
import { currencyMinorDigits } from './money';

/*
 * The menu as a spreadsheet (PRODUCT.md §14, decision 044): `menu.csv`, which the export writes and
 * the import reads, one row per dish (and one per category that has none). Its columns, how each
 * cell is written and read, the row schema and the import's answers are declared here, once, for
 * the server (which writes and reads the file) and the web (which explains it and words its errors).
 */

/** The columns every menu.csv has, in the order the export writes them. */
export const MENU_CSV_COLUMNS = [
  'id',
  'category',
  'dish',
  'description',
  'price',
  'tax_rate',
  'available',
  'days',
  'tags',
  'allergens',
  'prep_minutes',
] as const;
export type MenuCsvColumn = (typeof MENU_CSV_COLUMNS)[number];

/** What is written per language after the working one: `category_de`, `dish_de`, `description_de`. */
export const MENU_CSV_TRANSLATED_COLUMNS = ['category', 'dish', 'description'] as const;
export type MenuCsvTranslatedColumn = (typeof MENU_CSV_TRANSLATED_COLUMNS)[number];

/** Weekdays served as `days` writes them: "mon wed fri"; empty for every day. */
export function formatMenuCsvDays(days: readonly number[]): string {
  return MENU_CSV_WEEK_ORDER.filter((day) => days.includes(day))
    .map((day) => MENU_CSV_WEEKDAYS[day])
    .join(' ');
}

/** The columns without which no row can be read. */
export const MENU_CSV_REQUIRED_COLUMNS = ['category', 'dish'] as const satisfies readonly MenuCsvColumn[];

/** Weekdays as `days` writes them, by number (0 = Sunday, as `availableDays`). */
export const MENU_CSV_WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** The order `days` lists them in: the week from Monday. */
export const MENU_CSV_WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const MAX_MENU_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_MENU_IMPORT_ROWS = 2_000;
/** How long a preview may be applied after it was made. */
export const MENU_IMPORT_PREVIEW_MINUTES = 60;

/** A translated column's name: `dish_de`. */
export const translatedColumnOf = (column: MenuCsvTranslatedColumn, language: Language) =>
  `${column}_${language}` as const;

/** menu.csv's header for a restaurant with these languages (the working one first). */
export function menuCsvHeader(languages: readonly Language[]): string[] {
  return [
    ...MENU_CSV_COLUMNS,
    ...languages
      .slice(1)
      .flatMap((language) =>
        MENU_CSV_TRANSLATED_COLUMNS.map((column) => translatedColumnOf(column, language)),
      ),
  ];
}

// ---- the cells --------------------------------------------------------------------------------

/** Yes and no as `available` writes them; also read: true/false, 1/0, y/n (any case). */
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/**
 * A text an export wrote with a leading apostrophe, so that a spreadsheet would not run it as a
 * formula ("'=1+1"), read back as it was: the apostrophe goes when a formula's first character
 * follows it.
 */
export function undoFormulaDefusing(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** Why a cell or a row cannot be imported: what the web words in the person's language. */
export const MENU_IMPORT_ERROR_CODES = [
  /** The cell is empty and must not be. */
  'required',
  /** Longer than `max` characters. */
  'too_long',
  /** Not an id (a dish's id is a UUID, as the export writes it). */
  'invalid_id',
  /** Not a price like `example` (a point or a comma before at most `digits` decimals). */
  'invalid_price',
  /** A number outside `min`–`max`. */
  'out_of_range',
  /** Not a whole number. */
  'invalid_whole_number',
  /** Not yes or no. */
  'invalid_yes_no',
  /** `value` is not a weekday (mon, tue, wed, thu, fri, sat, sun). */
  'invalid_days',
  /** More than `max` entries. */
  'too_many',
  /** `value` is not one of the restaurant's tax rates (`known`). */
  'unknown_tax_rate',
  /** The same new dish or category as row `otherRow`. */
  'duplicate_row',
  /** The same existing dish as row `otherRow`. */
  'same_dish',
  /** The category has `count` dishes of this name: give the row its id. */
  'ambiguous_dish',
  /** The category's other rows (row `otherRow`) say otherwise. */
  'category_differs',
  /** The header lacks this column. */
  'missing_column',
  /** The header has a column Tavolo does not know. */
  'unknown_column',
  /** The header has this column twice. */
  'duplicate_column',
  /** A translation column of the working language (`language`): its texts are the base columns. */
  'working_language_column',
  /** A translation column of a language the restaurant does not offer (`language`). */
  'language_not_offered',
  /** The file is not UTF-8 text. */
  'not_utf8',
  /** The file is not a CSV that can be read (at line `line`). */
  'malformed',
  /** The file has a header and no rows. */
  'no_rows',
  /** More rows than `max`. */
  'too_many_rows',
] as const;
export const ZMenuImportErrorCode = z.enum(MENU_IMPORT_ERROR_CODES);
export type TMenuImportErrorCode = z.infer<typeof ZMenuImportErrorCode>;

/** Figures an error's words need: a length, a row, a value. */
export type MenuImportErrorParams = Record<string, string | number>;

/** The issue a cell parser raises: its code and figures ride in the issue's params. */
type CellIssue = { code: TMenuImportErrorCode; params?: MenuImportErrorParams };

const ENGLISH: Record<TMenuImportErrorCode, (p: MenuImportErrorParams) => string> = {
  required: () => 'is required',
  too_long: (p) => `must be at most ${p.max} characters`,
  invalid_id: () => 'must be the id of a dish, as the export writes it, or empty',
  invalid_price: (p) => `must be a price like ${p.example}`,
  out_of_range: (p) => `must be from ${p.min} to ${p.max}`,
  invalid_whole_number: () => 'must be a whole number',
  invalid_yes_no: () => 'must be yes or no',
  invalid_days: (p) => `"${p.value}" is not a weekday (mon, tue, wed, thu, fri, sat, sun)`,
  too_many: (p) => `must have at most ${p.max} entries`,
  unknown_tax_rate: (p) => `"${p.value}" is not one of the restaurant's tax rates (${p.known || 'none yet'})`,
  duplicate_row: (p) => `repeats row ${p.otherRow}`,
  same_dish: (p) => `is the same dish as row ${p.otherRow}`,
  ambiguous_dish: (p) => `matches ${p.count} dishes of this name in the category: give the row its id`,
  category_differs: (p) => `differs from row ${p.otherRow} of the same category`,
  missing_column: () => 'is a column the file must have',
  unknown_column: () => 'is not a column of menu.csv',
  duplicate_column: () => 'appears twice in the header',
  working_language_column: (p) =>
    `is in the working language (${p.language}): its texts go in the columns without a language`,
  language_not_offered: (p) => `is in a language the restaurant does not offer (${p.language})`,
  not_utf8: () => 'The file is not UTF-8 text: save it as "CSV UTF-8"',
  malformed: (p) => `The file could not be read as CSV (line ${p.line})`,
  no_rows: () => 'The file has no rows under its header',
  too_many_rows: (p) => `The file has more than ${p.max} rows`,
};

/** An error's words in English (the web words it in the person's language from its code). */
export function describeMenuImportError(
  code: TMenuImportErrorCode,
  params: MenuImportErrorParams = {},
): string {
  return ENGLISH[code](params);
}

/** Parses a cell (its text, already trimmed) with `read`, which returns a value or a CellIssue. */
function cell<T>(read: (text: string) => T | CellIssue) {
  return z.string().transform((raw, ctx): T => {
    const value = read(raw.trim());
    if (isCellIssue(value)) {
      const issue = value;
      ctx.addIssue({
        code: 'custom',
        message: describeMenuImportError(issue.code, issue.params),
        params: { importCode: issue.code, importParams: issue.params ?? {} },
      });
      return z.NEVER;
    }
    return value;
  });
}

function isCellIssue(value: unknown): value is CellIssue {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'code' in value;
}

const issue = (code: TMenuImportErrorCode, params?: MenuImportErrorParams): CellIssue => ({ code, params });

/** A text of at most `max` characters; null when empty. */
const textCell = (max: number) =>
  cell<string | null>((text) => {
    const value = undoFormulaDefusing(text).trim();
    if (value.length > max) return issue('too_long', { max });
    return value === '' ? null : value;
  });

/** A text of at most `max` characters that must be there. */
const requiredTextCell = (max: number) =>
  cell<string>((text) => {
    const value = undoFormulaDefusing(text).trim();
    if (value === '') return issue('required');
    return value.length > max ? issue('too_long', { max }) : value;
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A price in major units ("12.50", "12,5", "12") → minor units, for a currency of `digits` decimals. */
export function parseMajorUnits(text: string, digits: number): number | null {
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(text);
  if (!match) return null;
  const decimals = match[2] ?? '';
  if (decimals.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(decimals.padEnd(digits, '0') || '0');
}

/** The largest price a dish may have, in minor units (as ZPriceMinor). */
const MAX_PRICE_MINOR = 100_000_000;

const priceCell = (currency: string) => {
  const digits = currencyMinorDigits(currency);
  const example = digits === 0 ? '1250' : `12.${'5'.padEnd(digits, '0')}`;
  return cell<number | null>((text) => {
    if (text === '') return null;
    const minor = parseMajorUnits(text, digits);
    if (minor === null) return issue('invalid_price', { example, digits });
    if (minor > MAX_PRICE_MINOR)
      return issue('out_of_range', { min: 0, max: (MAX_PRICE_MINOR / 10 ** digits).toFixed(digits) });
    return minor;
  });
};

/** Labels (tags, allergens) separated by commas or semicolons: lower case, each once. */
const labelsCell = cell<string[]>((text) => {
  const labels = [
    ...new Set(
      undoFormulaDefusing(text)
        .split(/[,;]/)
        .map((label) => label.trim().toLowerCase())
        .filter((label) => label !== ''),
    ),
  ];
  if (labels.length > 20) return issue('too_many', { max: 20 });
  if (labels.some((label) => label.length > 30)) return issue('too_long', { max: 30 });
  return labels;
});

/** Weekdays ("mon wed fri", "Monday, Friday"): the numbers served on, sorted; empty = every day. */
const daysCell = cell<number[]>((text) => {
  const days = new Set<number>();
  for (const word of text.split(/[\s,;]+/).filter((w) => w !== '')) {
    const day = MENU_CSV_WEEKDAYS.indexOf(word.slice(0, 3).toLowerCase() as never);
    const full = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][day];
    if (day < 0 || !full?.startsWith(word.toLowerCase())) return issue('invalid_days', { value: word });
    days.add(day);
  }
  return [...days].sort((x, y) => x - y);
});

const yesNoCell = cell<boolean>((text) => {
  const word = text.toLowerCase();
  if (word === '' || YES.has(word)) return true;
  if (NO.has(word)) return false;
  return issue('invalid_yes_no');
});

const prepMinutesCell = cell<number | null>((text) => {
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return issue('invalid_whole_number');
  const minutes = Number(text);
  return minutes > 600 ? issue('out_of_range', { min: 0, max: 600 }) : minutes;
});

const idCell = cell<string | null>((text) => {
  if (text === '') return null;
  return UUID.test(text) ? text.toLowerCase() : issue('invalid_id');
});

/** A translated column's cell (`dish_de` …): at most as long as the base column's text. */
export function menuCsvTranslationCell(column: MenuCsvTranslatedColumn) {
  return textCell(TRANSLATED_MAX[column]).optional();
}
const TRANSLATED_MAX: Record<MenuCsvTranslatedColumn, number> = {
  category: 80,
  dish: 120,
  description: 1000,
};

/**
 * One row of menu.csv, its cells by column (a column the file lacks is absent), read into values:
 * null for an empty cell, absent for a missing column. Text is trimmed and un-defused; a price is
 * in the restaurant's minor units. A row whose `dish` and other dish cells are empty is a
 * category's. Translated columns are read apart, with menuCsvTranslationCell.
 */
export function menuCsvRowSchema(options: { currency: string }) {
  return z.object({
    id: idCell.optional(),
    category: requiredTextCell(80),
    dish: textCell(120).optional(),
    description: textCell(1000).optional(),
    price: priceCell(options.currency).optional(),
    tax_rate: textCell(80).optional(),
    available: yesNoCell.optional(),
    days: daysCell.optional(),
    tags: labelsCell.optional(),
    allergens: labelsCell.optional(),
    prep_minutes: prepMinutesCell.optional(),
  });
}
export type TMenuCsvRow = z.output<ReturnType<typeof menuCsvRowSchema>>;

/** An issue of the row schema as the import reports it: its code, figures and English words. */
export function importErrorOfIssue(issue: z.core.$ZodIssue): {
  code: TMenuImportErrorCode;
  params: MenuImportErrorParams;
  message: string;
} {
  const params = (
    issue as { params?: { importCode?: TMenuImportErrorCode; importParams?: MenuImportErrorParams } }
  ).params;
  if (params?.importCode) {
    const figures = params.importParams ?? {};
    return {
      code: params.importCode,
      params: figures,
      message: describeMenuImportError(params.importCode, figures),
    };
  }
  // A cell that is not text at all (only when called with something other than a row of strings).
  return { code: 'required', params: {}, message: describeMenuImportError('required') };
}

// ---- the answers ------------------------------------------------------------------------------

export const ZMenuImportError = z.object({
  /** The spreadsheet's row: 1 is the header, 2 the first dish. */
  row: z.number().int().min(1),
  /** The column, or null for the whole row or file. */
  field: z.string().nullable(),
  code: ZMenuImportErrorCode,
  /** The figures the words need (a length, another row, the value read). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** In English. */
  message: z.string(),
});
export type TMenuImportError = z.infer<typeof ZMenuImportError>;

/** A column an update changes: its cell as the export writes it now and as the file has it. */
export const ZMenuImportChange = z.object({
  /** The column (`price`, `dish_de` …). */
  field: z.string(),
  /** null: empty (for `days`: every day). */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TMenuImportChange = z.infer<typeof ZMenuImportChange>;

/** A category or a dish the import creates, changes or leaves as it is. */
export const ZMenuImportEntry = z.object({
  kind: z.enum(['category', 'dish']),
  /** The row it comes from (a category's first row). */
  row: z.number().int().min(2),
  name: z.string(),
  /** A dish's category, as the file names it; null for a category. */
  category: z.string().nullable(),
  /** On an update, each column it changes, old → new (prices in major units, as menu.csv writes them). */
  changes: z.array(ZMenuImportChange),
});
export type TMenuImportEntry = z.infer<typeof ZMenuImportEntry>;

export const ZMenuImportPreview = z.object({
  previewId: ZId,
  /** Until when it may be applied. */
  expiresAt: z.iso.datetime(),
  /** Rows read, the header left out (empty rows too). */
  rows: z.number().int(),
  create: z.array(ZMenuImportEntry),
  update: z.array(ZMenuImportEntry),
  unchanged: z.array(ZMenuImportEntry),
  /** Every error of every row (a row's errors all at once), by row. Nothing is applied while there is one. */
  errors: z.array(ZMenuImportError),
});
export type TMenuImportPreview = z.infer<typeof ZMenuImportPreview>;

export const ZMenuImportResult = z.object({
  categoriesCreated: z.number().int(),
  categoriesUpdated: z.number().int(),
  dishesCreated: z.number().int(),
  dishesUpdated: z.number().int(),
});
export type TMenuImportResult = z.infer<typeof ZMenuImportResult>;

export const ZMenuImportParams = z.object({ previewId: ZId });

const manageMenu = access.permission('menu.manage');

export const menuImportEndpoints = {
  menuCsv: endpoint({
    method: 'GET',
    path: '/api/menu/export.csv',
    tag: 'menu',
    summary: 'The menu as menu.csv (the columns the import reads)',
    description:
      'One row per dish, in menu order, and one per category without dishes. Prices in major units with a point (12.50); available yes/no; days as mon tue … (empty: every day); tags and allergens separated by commas; per language after the working one, category_xx, dish_xx and description_xx. Text a spreadsheet would run as a formula starts with an apostrophe.',
    access: manageMenu,
    produces: 'text/csv',
  }),
  menuCsvTemplate: endpoint({
    method: 'GET',
    path: '/api/menu/import/template.csv',
    tag: 'menu',
    summary: "menu.csv's header for this restaurant's languages, with no rows",
    access: manageMenu,
    produces: 'text/csv',
  }),
  previewMenuImport: endpoint({
    method: 'POST',
    path: '/api/menu/import',
    tag: 'menu',
    summary: 'Read a menu.csv and say what importing it would do, writing nothing',
    description:
      'Multipart field `file`: a CSV (UTF-8; commas or semicolons) in the columns of the export’s menu.csv, at most 2 MB and 2,000 rows. Rows match dishes by `id`, else by category and name; new categories and dishes are added at the end; a column left out is left alone; nothing is deleted. The answer lists what would be created, changed and left as it is, and every row’s errors; apply it with its previewId within an hour.',
    access: manageMenu,
    consumes: 'multipart/form-data',
    response: ZMenuImportPreview,
    errors: [422],
  }),
  applyMenuImport: endpoint({
    method: 'POST',
    path: '/api/menu/import/:previewId',
    tag: 'menu',
    summary: 'Apply a preview of an import, in one transaction',
    description:
      '409 when the preview had errors, was applied already, or the menu changed since in what the file reads (read it again); 404 once it expired (after an hour) or for another restaurant’s.',
    access: manageMenu,
    params: ZMenuImportParams,
    response: ZMenuImportResult,
    errors: [409],
  }),
};
