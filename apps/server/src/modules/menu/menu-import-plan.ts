import { createHash } from 'node:crypto';
import { isLanguage, type Language } from '@tavolo/contract/languages';
import {
  type TCategoryTranslations,
  type TMenuItemTranslations,
  ZCategoryTranslationsInput,
  ZMenuItemTranslationsInput,
} from '@tavolo/contract/menu';
import {
  describeMenuImportError,
  formatMenuCsvDays,
  importErrorOfIssue,
  MAX_MENU_IMPORT_ROWS,
  MENU_CSV_COLUMNS,
  MENU_CSV_REQUIRED_COLUMNS,
  MENU_CSV_TRANSLATED_COLUMNS,
  type MenuCsvTranslatedColumn,
  type MenuImportErrorParams,
  menuCsvRowSchema,
  menuCsvTranslationCell,
  type TMenuCsvRow,
  type TMenuImportChange,
  type TMenuImportEntry,
  type TMenuImportError,
  type TMenuImportErrorCode,
} from '@tavolo/contract/menu-import';
import type { MenuItemRow } from '../../db/rows';
import { formatMajorUnits } from '../../lib/export-values';

/*
 * What importing a menu.csv would do to a menu (decision 044): pure, so the preview and the apply
 * compute it alike — the apply again, under the menu's locks, and only if it comes out as the
 * preview said (its fingerprint). Rows match dishes by id, else by category and name (whatever the
 * case); categories match by name. New ones are added; a column the file lacks is left alone;
 * nothing is deleted.
 */

/** The menu as the import reads it. */
export type MenuState = {
  currency: string;
  languages: readonly Language[];
  categories: readonly { id: string; name: string; translations: TCategoryTranslations }[];
  items: readonly MenuItemRow[];
  taxRates: readonly { id: string; name: string }[];
};

/** A dish's fields as the import writes them. */
export type DishValues = {
  categoryId: string;
  name: string;
  description: string | null;
  priceMinor: number;
  taxRateId: string | null;
  active: boolean;
  availableDays: number[];
  tags: string[];
  allergens: string[];
  prepMinutes: number | null;
  translations: TMenuItemTranslations;
};

export type MenuImportPlan = {
  /** Rows read (the header left out). */
  rows: number;
  create: TMenuImportEntry[];
  update: TMenuImportEntry[];
  unchanged: TMenuImportEntry[];
  errors: TMenuImportError[];
  /** In the file's order; each dish names its category by its key (its name in lower case). */
  newCategories: { key: string; name: string; translations: TCategoryTranslations }[];
  changedCategories: { id: string; translations: TCategoryTranslations }[];
  newDishes: { categoryKey: string; values: Omit<DishValues, 'categoryId'> }[];
  /** A dish moved to a category the import makes names it by `categoryKey` (its id comes with it). */
  changedDishes: { id: string; categoryKey?: string; values: Partial<DishValues> }[];
  /** SHA-256 of the above and of what they were decided from. */
  fingerprint: string;
};

export function importError(
  row: number,
  field: string | null,
  code: TMenuImportErrorCode,
  params: MenuImportErrorParams = {},
): TMenuImportError {
  return { row, field, code, params, message: describeMenuImportError(code, params) };
}

const keyOf = (name: string) => name.toLowerCase();

type Header = {
  /** Column name → its index in a record. */
  index: Map<string, number>;
  translated: { column: MenuCsvTranslatedColumn; language: Language; name: string }[];
  errors: TMenuImportError[];
};

/** The header's columns, and what is wrong with it (all on row 1). */
function readHeader(header: readonly string[], languages: readonly Language[]): Header {
  const index = new Map<string, number>();
  const translated: Header['translated'] = [];
  const errors: TMenuImportError[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return;
    if (index.has(name)) {
      errors.push(importError(1, name, 'duplicate_column'));
      return;
    }
    index.set(name, i);
    if ((MENU_CSV_COLUMNS as readonly string[]).includes(name)) return;
    const match = /^([a-z]+)_([a-z]{2})$/.exec(name);
    const column = MENU_CSV_TRANSLATED_COLUMNS.find((c) => c === match?.[1]);
    const language = match?.[2];
    if (!column || !isLanguage(language)) {
      errors.push(importError(1, name, 'unknown_column'));
    } else if (language === languages[0]) {
      errors.push(importError(1, name, 'working_language_column', { language }));
    } else if (!languages.includes(language)) {
      errors.push(importError(1, name, 'language_not_offered', { language }));
    } else {
      translated.push({ column, language, name });
    }
  });
  for (const required of MENU_CSV_REQUIRED_COLUMNS) {
    if (!index.has(required)) errors.push(importError(1, required, 'missing_column'));
  }
  return { index, translated, errors };
}

/** A row read: its values, and its translated texts by column (null: empty; absent: no column). */
type ReadRow = {
  row: number;
  /** The cells read; a cell with an error is left out, as if its column were. */
  values: TMenuCsvRow;
  /** The columns whose cells had an error: the row is checked on for more, but never written. */
  failedColumns: ReadonlySet<string>;
  texts: Map<string, string | null>;
  /** Whether any cell but the category's (and its translations') has something in it. */
  hasDishCells: boolean;
};

function sameArray<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A category's translations with each language's name set as the file says (null: none). */
function withCategoryNames(
  translations: TCategoryTranslations,
  names: Map<Language, string | null>,
): TCategoryTranslations {
  const next: Record<string, unknown> = structuredClone(translations);
  for (const [language, name] of names) {
    next[language] = { ...(next[language] as object), name: name ?? '' };
  }
  return ZCategoryTranslationsInput.parse(next);
}

/** A dish's translations with the texts the file has (null: none); option names are kept. */
function withDishTexts(
  translations: TMenuItemTranslations,
  texts: { language: Language; field: 'name' | 'description'; value: string | null }[],
): TMenuItemTranslations {
  const next: Record<string, Record<string, unknown>> = structuredClone(translations) as never;
  for (const { language, field, value } of texts) {
    next[language] = { ...next[language], [field]: value ?? '' };
  }
  return ZMenuItemTranslationsInput.parse(next);
}

/** What the import reads of a dish (not its sold-out state or stock count, which it leaves alone). */
function projectionOf(item: MenuItemRow) {
  const { id, categoryId, name, description, priceMinor, taxRateId, active, availableDays, tags, allergens } =
    item;
  return [
    id,
    categoryId,
    name,
    description,
    priceMinor,
    taxRateId,
    active,
    availableDays,
    tags,
    allergens,
    item.prepMinutes,
    item.translations,
  ];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What importing `header` and `records` into `menu` would do: what it creates, changes and leaves,
 * every row's errors, and the writes. The same file and menu always give the same plan.
 */
export function planMenuImport(
  csv: { header: readonly string[]; records: readonly { row: number; cells: readonly string[] }[] },
  menu: MenuState,
): MenuImportPlan {
  const errors: TMenuImportError[] = [];
  const header = readHeader(csv.header, menu.languages);
  errors.push(...header.errors);
  const records = csv.records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (records.length === 0) errors.push(importError(1, null, 'no_rows'));
  if (csv.records.length > MAX_MENU_IMPORT_ROWS)
    errors.push(importError(MAX_MENU_IMPORT_ROWS + 2, null, 'too_many_rows', { max: MAX_MENU_IMPORT_ROWS }));
  const empty = (): MenuImportPlan => ({
    rows: csv.records.length,
    create: [],
    update: [],
    unchanged: [],
    errors,
    newCategories: [],
    changedCategories: [],
    newDishes: [],
    changedDishes: [],
    fingerprint: fingerprintOf({ errors }),
  });
  if (
    header.errors.some((e) => e.code === 'missing_column') ||
    errors.some((e) => e.code === 'too_many_rows')
  )
    return empty();

  const has = (column: string) => header.index.has(column);
  const schema = menuCsvRowSchema({ currency: menu.currency });
  const translationCells = new Map(header.translated.map((t) => [t.name, menuCsvTranslationCell(t.column)]));

  // ---- each row on its own
  const rows: ReadRow[] = [];
  for (const { row, cells } of records) {
    const cellOf = (column: string) => {
      const at = header.index.get(column);
      return at === undefined ? undefined : (cells[at] ?? '');
    };
    const input = Object.fromEntries(
      MENU_CSV_COLUMNS.flatMap((column) => {
        const value = cellOf(column);
        return value === undefined ? [] : [[column, value]];
      }),
    );
    // Cell by cell, so that a row's every error is found at once (a bad price does not hide an
    // unknown tax rate); a cell with an error is left out of the values.
    const values: Record<string, unknown> = {};
    const failedColumns = new Set<string>();
    for (const [column, text] of Object.entries(input)) {
      const result = schema.shape[column as keyof typeof schema.shape].safeParse(text);
      if (result.success) {
        values[column] = result.data;
        continue;
      }
      failedColumns.add(column);
      for (const issue of result.error.issues) {
        const { code, params } = importErrorOfIssue(issue);
        errors.push(importError(row, column, code, params));
      }
    }
    const texts = new Map<string, string | null>();
    for (const { name } of header.translated) {
      const result = translationCells.get(name)!.safeParse(cellOf(name));
      if (result.success) texts.set(name, result.data ?? null);
      else {
        failedColumns.add(name);
        const { code, params } = importErrorOfIssue(result.error.issues[0]!);
        errors.push(importError(row, name, code, params));
      }
    }
    // Without its category a row cannot be placed: its other cells' errors are all it can tell.
    if (typeof values.category !== 'string') continue;
    const dishColumns = [
      ...MENU_CSV_COLUMNS.filter((c) => c !== 'category'),
      ...header.translated.filter((t) => t.column !== 'category').map((t) => t.name),
    ];
    const hasDishCells = dishColumns.some((column) => (cellOf(column) ?? '').trim() !== '');
    rows.push({ row, values: values as TMenuCsvRow, failedColumns, texts, hasDishCells });
  }

  // ---- categories: by name, their translations agreed across their rows
  const categoriesByKey = new Map(menu.categories.map((c) => [keyOf(c.name), c]));
  const categoryRows = new Map<
    string,
    { name: string; firstRow: number; names: Map<Language, { value: string; row: number } | null> }
  >();
  const categoryNameColumns = header.translated.filter((t) => t.column === 'category');
  for (const read of rows) {
    const key = keyOf(read.values.category);
    let seen = categoryRows.get(key);
    if (!seen) {
      seen = { name: read.values.category, firstRow: read.row, names: new Map() };
      categoryRows.set(key, seen);
    }
    for (const { language, name } of categoryNameColumns) {
      const value = read.texts.get(name) ?? null;
      const earlier = seen.names.get(language);
      if (value === null) {
        if (earlier === undefined) seen.names.set(language, null);
      } else if (earlier && earlier.value !== value) {
        errors.push(importError(read.row, name, 'category_differs', { otherRow: earlier.row }));
      } else if (!earlier) {
        seen.names.set(language, { value, row: read.row });
      }
    }
  }

  const create: TMenuImportEntry[] = [];
  const update: TMenuImportEntry[] = [];
  const unchanged: TMenuImportEntry[] = [];
  const newCategories: MenuImportPlan['newCategories'] = [];
  const changedCategories: MenuImportPlan['changedCategories'] = [];
  /** What the plan was decided from, beyond the file: every existing thing it read. */
  const read: unknown[] = [menu.currency, menu.languages, menu.taxRates];

  for (const [key, seen] of categoryRows) {
    const names = new Map([...seen.names].map(([language, value]) => [language, value?.value ?? null]));
    const existing = categoriesByKey.get(key);
    const entry = { kind: 'category' as const, row: seen.firstRow, name: seen.name, category: null };
    if (!existing) {
      newCategories.push({ key, name: seen.name, translations: withCategoryNames({}, names) });
      create.push({ ...entry, changes: [] });
      continue;
    }
    read.push({ id: existing.id, name: existing.name, translations: existing.translations });
    const translations = withCategoryNames(existing.translations, names);
    const changes = categoryNameColumns.flatMap(({ language, name }) => {
      const from = existing.translations[language]?.name ?? null;
      const to = names.get(language) ?? null;
      return from === to ? [] : [{ field: name, from, to }];
    });
    if (changes.length > 0) {
      changedCategories.push({ id: existing.id, translations });
      update.push({ ...entry, name: existing.name, changes });
    } else {
      unchanged.push({ ...entry, name: existing.name, changes: [] });
    }
  }

  // ---- dishes: by id, else by category and name
  const itemsById = new Map(menu.items.map((item) => [item.id, item]));
  const claimed = new Map<string, number>();
  const matchOf = new Map<ReadRow, MenuItemRow | null>();
  const dishRows = rows.filter((r) => {
    if (r.values.dish) return true;
    if (r.hasDishCells && !r.failedColumns.has('dish')) errors.push(importError(r.row, 'dish', 'required'));
    return false;
  });
  for (const r of dishRows) {
    // A row whose id could not be read could be any dish: it is matched to none.
    if (r.failedColumns.has('id')) matchOf.set(r, null);
    const item = r.values.id ? itemsById.get(r.values.id) : undefined;
    if (!item) continue;
    const other = claimed.get(item.id);
    if (other !== undefined) {
      errors.push(importError(r.row, 'id', 'same_dish', { otherRow: other }));
      matchOf.set(r, null);
      continue;
    }
    claimed.set(item.id, r.row);
    matchOf.set(r, item);
  }
  const newDishRows = new Map<string, number>();
  for (const r of dishRows) {
    if (matchOf.has(r)) continue;
    const category = categoriesByKey.get(keyOf(r.values.category));
    const name = keyOf(r.values.dish!);
    const candidates = category
      ? menu.items.filter((item) => item.categoryId === category.id && keyOf(item.name) === name)
      : [];
    if (candidates.length > 1) {
      errors.push(importError(r.row, 'dish', 'ambiguous_dish', { count: candidates.length }));
      matchOf.set(r, null);
    } else if (candidates.length === 1) {
      const item = candidates[0]!;
      const other = claimed.get(item.id);
      if (other !== undefined) {
        errors.push(importError(r.row, 'dish', 'same_dish', { otherRow: other }));
        matchOf.set(r, null);
        continue;
      }
      claimed.set(item.id, r.row);
      matchOf.set(r, item);
    } else {
      const newKey = `${keyOf(r.values.category)}\n${name}`;
      const other = newDishRows.get(newKey);
      if (other !== undefined) {
        errors.push(importError(r.row, 'dish', 'duplicate_row', { otherRow: other }));
        matchOf.set(r, null);
        continue;
      }
      newDishRows.set(newKey, r.row);
    }
  }

  const rateIds = new Map(menu.taxRates.map((rate) => [keyOf(rate.name), rate.id]));
  const knownRates = menu.taxRates.map((rate) => rate.name).join(', ');
  const dishTextColumns = header.translated.filter((t) => t.column !== 'category');
  const newDishes: MenuImportPlan['newDishes'] = [];
  const changedDishes: MenuImportPlan['changedDishes'] = [];

  for (const r of dishRows) {
    const match = matchOf.get(r);
    const v = r.values;
    // Every check of the row runs, whatever an earlier one found; a failed row is never written.
    let failed = r.failedColumns.size > 0;
    let taxRateId: string | null | undefined;
    if (v.tax_rate !== undefined) {
      taxRateId = v.tax_rate === null ? null : (rateIds.get(keyOf(v.tax_rate)) ?? undefined);
      if (taxRateId === undefined) {
        errors.push(
          importError(r.row, 'tax_rate', 'unknown_tax_rate', { value: v.tax_rate!, known: knownRates }),
        );
        failed = true;
      }
    }
    // Matched to no dish for an error of its own (its id, two rows as one dish): nothing more to check.
    if (match === null) continue;
    // A new dish needs a price; an existing one keeps its own unless the column is there and empty.
    const priceMissing = match ? has('price') && v.price === null : v.price === undefined || v.price === null;
    // A price cell with an error is left out of the values: that error says it already.
    if (priceMissing && !r.failedColumns.has('price')) {
      errors.push(importError(r.row, 'price', 'required'));
      failed = true;
    }
    if (failed) continue;
    const texts = dishTextColumns.map((t) => ({
      language: t.language,
      field: t.column === 'dish' ? ('name' as const) : ('description' as const),
      value: r.texts.get(t.name) ?? null,
      column: t.name,
    }));
    const entry = { kind: 'dish' as const, row: r.row, name: v.dish!, category: v.category };
    if (!match) {
      newDishes.push({
        categoryKey: keyOf(v.category),
        values: {
          name: v.dish!,
          description: v.description ?? null,
          priceMinor: v.price!,
          taxRateId: taxRateId ?? null,
          active: v.available ?? true,
          availableDays: v.days ?? [],
          tags: v.tags ?? [],
          allergens: v.allergens ?? [],
          prepMinutes: v.prep_minutes ?? null,
          translations: withDishTexts({}, texts),
        },
      });
      create.push({ ...entry, changes: [] });
      continue;
    }
    read.push(projectionOf(match));
    const changes: TMenuImportChange[] = [];
    const values: Partial<DishValues> = {};
    const compare = <K extends keyof DishValues>(
      column: string,
      field: K,
      next: DishValues[K] | undefined,
      same: boolean,
      show: (value: DishValues[K]) => string | null,
    ) => {
      if (next === undefined || same) return;
      changes.push({
        field: column,
        from: show(match[field as keyof MenuItemRow] as DishValues[K]),
        to: show(next),
      });
      values[field] = next;
    };
    const text = (value: string | null) => value || null;
    const list = (value: readonly string[]) => value.join(', ') || null;
    const money = (minor: number) => formatMajorUnits(minor, menu.currency);
    const rateName = (id: string | null) => menu.taxRates.find((rate) => rate.id === id)?.name ?? null;
    // The category names the dish's (by id); a new category's id is known once it is written.
    const category = categoriesByKey.get(keyOf(v.category));
    if (!category || category.id !== match.categoryId) {
      const current = menu.categories.find((c) => c.id === match.categoryId)?.name ?? null;
      changes.push({ field: 'category', from: current, to: category?.name ?? v.category });
      if (category) values.categoryId = category.id;
    }
    compare('dish', 'name', v.dish!, v.dish === match.name, text);
    compare('description', 'description', v.description, v.description === match.description, text);
    compare('price', 'priceMinor', v.price ?? undefined, v.price === match.priceMinor, money);
    compare('tax_rate', 'taxRateId', taxRateId, taxRateId === match.taxRateId, rateName);
    compare('available', 'active', v.available, v.available === match.active, (on) => (on ? 'yes' : 'no'));
    compare('days', 'availableDays', v.days, sameArray(v.days ?? [], match.availableDays), (days) =>
      text(formatMenuCsvDays(days)),
    );
    compare('tags', 'tags', v.tags, sameArray(v.tags ?? [], match.tags), list);
    compare('allergens', 'allergens', v.allergens, sameArray(v.allergens ?? [], match.allergens), list);
    compare('prep_minutes', 'prepMinutes', v.prep_minutes, v.prep_minutes === match.prepMinutes, (m) =>
      m === null ? null : String(m),
    );
    const translations = withDishTexts(match.translations, texts);
    const textChanges = texts.flatMap((t) => {
      const from = match.translations[t.language]?.[t.field] ?? null;
      return from === t.value ? [] : [{ field: t.column, from: from || null, to: t.value }];
    });
    if (textChanges.length > 0 && !sameJson(translations, match.translations)) {
      changes.push(...textChanges);
      values.translations = translations;
    }
    const dishEntry = { ...entry, name: match.name };
    if (changes.length === 0) {
      unchanged.push({ ...dishEntry, changes });
    } else {
      // Moved to a category the import makes: its id comes when it is written (changedDishes' key).
      changedDishes.push({ id: match.id, ...(category ? {} : { categoryKey: keyOf(v.category) }), values });
      update.push({ ...dishEntry, changes });
    }
  }

  const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
  errors.sort(byRow);
  create.sort(byRow);
  update.sort(byRow);
  unchanged.sort(byRow);
  const plan = {
    rows: csv.records.length,
    create,
    update,
    unchanged,
    errors,
    newCategories,
    changedCategories,
    newDishes,
    changedDishes,
  };
  return { ...plan, fingerprint: fingerprintOf({ plan, read }) };
}

function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}
