import { categoriesEndpoints, menuEndpoints } from '@tavolo/contract/menu';
import {
  menuImportEndpoints,
  type TMenuImportPreview,
  type TMenuImportResult,
} from '@tavolo/contract/menu-import';
import { restaurantsEndpoints } from '@tavolo/contract/restaurants';
import { taxRatesEndpoints } from '@tavolo/contract/taxes';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createStaffMember,
  createTestApp,
  errorOf,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import { queryRows } from '../../db/client';

/*
 * The menu from a spreadsheet (PRODUCT.md §14, decision 044), through the API: a preview writes
 * nothing, names each wrong row and column, and says exactly what applying does; applying writes
 * that in one transaction, or answers 409 when the menu changed since in what the file reads.
 */

let t: TestApp;
let owner: Owner;
let mainsId: string;
let margheritaId: string;
let reducedRateName: string;

/** A multipart body with the file in the field "file", as a browser's FormData sends it. */
function multipart(file: Buffer | string, field = 'file') {
  const boundary = `----menuimport${Math.random().toString(16).slice(2)}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="menu.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function preview(csv: Buffer | string, token = owner.token): Promise<TMenuImportPreview> {
  const response = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
    token,
    ...multipart(csv),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function apply(previewId: string, token = owner.token) {
  return injectApi(t.app, menuImportEndpoints.applyMenuImport, { token, params: { previewId } });
}

/** Every category and dish of the restaurant as the database holds them: what an import may change. */
async function menuRows(restaurantId = owner.restaurantId) {
  const rows = await queryRows<{ row: string }>(
    t.database.db,
    sql`SELECT to_jsonb(c)::text AS row FROM categories c WHERE restaurant_id = ${restaurantId}
        UNION ALL SELECT to_jsonb(m)::text FROM menu_items m WHERE restaurant_id = ${restaurantId}
        ORDER BY 1`,
  );
  return rows.map((r) => r.row);
}

async function menuCsvOf(token = owner.token): Promise<string> {
  const response = await injectApi(t.app, menuImportEndpoints.menuCsv, { token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app, { restaurantName: 'Trattoria Import' });
  await callApi(t.app, owner.token, restaurantsEndpoints.updateRestaurant, {
    params: { id: owner.restaurantId },
    body: { languages: ['en', 'de'] },
  });
  const rate = await callApi(t.app, owner.token, taxRatesEndpoints.createTaxRate, {
    body: { name: 'Reduced', rateBasisPoints: 1000 },
  });
  reducedRateName = rate.name;
  const mains = await callApi(t.app, owner.token, categoriesEndpoints.createCategory, {
    body: { name: 'Mains', translations: { de: { name: 'Hauptgerichte' } } },
  });
  mainsId = mains.id;
  await callApi(t.app, owner.token, categoriesEndpoints.createCategory, { body: { name: 'Empty shelf' } });
  const margherita = await callApi(t.app, owner.token, menuEndpoints.createMenuItem, {
    body: {
      categoryId: mains.id,
      name: 'Margherita',
      description: 'Tomato, mozzarella, basil',
      priceMinor: 900,
      tags: ['vegetarian'],
      allergens: ['gluten', 'milk'],
      availableDays: [1, 2, 3],
      prepMinutes: 12,
      taxRateId: rate.id,
      translations: { de: { name: 'Margherita', description: 'Tomate, Mozzarella, Basilikum' } },
      options: [
        {
          name: 'Size',
          required: true,
          min: 1,
          max: 1,
          choices: [
            { name: 'Small', priceMinor: 0 },
            { name: 'Large', priceMinor: 300 },
          ],
        },
      ],
    },
  });
  margheritaId = margherita.id;
  // Options' translations ride in the same translations: an import of names must keep them.
  await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
    params: { id: margherita.id },
    body: {
      translations: {
        de: {
          name: 'Margherita',
          description: 'Tomate, Mozzarella, Basilikum',
          options: { Size: { name: 'Größe', choices: { Large: 'Groß' } } },
        },
      },
    },
  });
  await callApi(t.app, owner.token, menuEndpoints.createMenuItem, {
    body: { categoryId: mains.id, name: '=HYPERLINK("x")', priceMinor: 1250, active: false },
  });
});
afterAll(() => t.close());

describe('menu.csv', () => {
  it('is the menu in the columns the import reads, formulas defused, every category present', async () => {
    const csv = await menuCsvOf();
    const records: Record<string, string>[] = parse(csv, { columns: true, bom: true });
    expect(Object.keys(records[0]!)).toEqual([
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
      'category_de',
      'dish_de',
      'description_de',
    ]);
    expect(records).toContainEqual(
      expect.objectContaining({
        id: margheritaId,
        category: 'Mains',
        dish: 'Margherita',
        price: '9.00',
        tax_rate: reducedRateName,
        available: 'yes',
        days: 'mon tue wed',
        tags: 'vegetarian',
        allergens: 'gluten, milk',
        prep_minutes: '12',
        category_de: 'Hauptgerichte',
        description_de: 'Tomate, Mozzarella, Basilikum',
      }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ dish: `'=HYPERLINK("x")`, price: '12.50', available: 'no' }),
    );
    // A category without dishes has a row of its own, so a re-import keeps it.
    expect(records).toContainEqual(expect.objectContaining({ id: '', category: 'Empty shelf', dish: '' }));
  });

  it('has a template: the header for the restaurant’s languages', async () => {
    const response = await injectApi(t.app, menuImportEndpoints.menuCsvTemplate, { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="menu-template.csv"');
    expect(response.body).toBe(
      'id,category,dish,description,price,tax_rate,available,days,tags,allergens,prep_minutes,category_de,dish_de,description_de\r\n',
    );
  });
});

describe('a preview', () => {
  it('of a file with errors on three rows writes nothing, names the rows and columns, and cannot be applied', async () => {
    const before = await menuRows();
    const csv = [
      'category,dish,price,tax_rate,days,dish_de',
      'Mains,Marinara,8.50,,mon fri,Marinara', // row 2: fine
      'Mains,Diavola,8.5O,,,', // row 3: the price has a letter O
      'Desserts,Tiramisu,6.00,,,Tiramisu', // row 4: fine (a new category)
      'Desserts,Panna cotta,5.00,Luxury,,', // row 5: no such tax rate
      'Desserts,,4.00,,,', // row 6: a price and no dish
    ].join('\r\n');
    const answer = await preview(csv);
    expect(answer.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [3, 'price', 'invalid_price'],
      [5, 'tax_rate', 'unknown_tax_rate'],
      [6, 'dish', 'required'],
    ]);
    expect(answer.errors[1]!.params).toEqual({ value: 'Luxury', known: reducedRateName });
    expect(answer.errors[0]!.message).toBe('must be a price like 12.50');
    // What the valid rows would do is still shown.
    expect(answer.create.map((e) => [e.kind, e.name, e.row])).toEqual([
      ['dish', 'Marinara', 2],
      ['category', 'Desserts', 4],
      ['dish', 'Tiramisu', 4],
    ]);
    expect(await menuRows()).toEqual(before);

    const refused = await apply(answer.previewId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('CONFLICT');
    expect(await menuRows()).toEqual(before);
  });

  it('names every error of a row at once, and each changed column old → new', async () => {
    const csv = [
      'id,category,dish,price,tax_rate,available,days,tags,allergens,prep_minutes,description_de',
      // Row 2: five things wrong at once.
      `not-an-id,Mains,Diavola,8.5O,Luxury,maybe,mon funday,,,ninety,`,
      // Row 3: a new dish with no price and an unknown rate.
      ',Mains,Capricciosa,,Luxury,,,,,,',
      // Row 4: Margherita, every column it can change changed.
      `${margheritaId},Mains,Margherita,9.90,,no,,"vegan, spicy",gluten,15,Tomate und Basilikum`,
    ].join('\r\n');
    const answer = await preview(csv);
    expect(answer.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'id', 'invalid_id'],
      [2, 'price', 'invalid_price'],
      [2, 'available', 'invalid_yes_no'],
      [2, 'days', 'invalid_days'],
      [2, 'prep_minutes', 'invalid_whole_number'],
      [2, 'tax_rate', 'unknown_tax_rate'],
      [3, 'tax_rate', 'unknown_tax_rate'],
      [3, 'price', 'required'],
    ]);
    expect(answer.errors.find((e) => e.field === 'days')!.params).toEqual({ value: 'funday' });
    // Nothing of a row with an error is listed to be written.
    expect(answer.create).toEqual([]);
    expect(answer.update).toEqual([
      {
        kind: 'dish',
        row: 4,
        name: 'Margherita',
        category: 'Mains',
        changes: [
          { field: 'price', from: '9.00', to: '9.90' },
          { field: 'tax_rate', from: reducedRateName, to: null },
          { field: 'available', from: 'yes', to: 'no' },
          { field: 'days', from: 'mon tue wed', to: null },
          { field: 'tags', from: 'vegetarian', to: 'vegan, spicy' },
          { field: 'allergens', from: 'gluten, milk', to: 'gluten' },
          { field: 'prep_minutes', from: '12', to: '15' },
          { field: 'description_de', from: 'Tomate, Mozzarella, Basilikum', to: 'Tomate und Basilikum' },
        ],
      },
    ]);
  });

  it('reads the file as a spreadsheet set to a decimal comma writes it: semicolons, a BOM, "8,50"', async () => {
    const csv = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('category;dish;price;description\r\nMains;Calzone;8,50;"Folded; with ham"\r\n'),
    ]);
    const answer = await preview(csv);
    expect(answer.errors).toEqual([]);
    expect(answer.create).toEqual([
      { kind: 'dish', row: 2, name: 'Calzone', category: 'Mains', changes: [] },
    ]);
  });

  it('names what is wrong with the file itself', async () => {
    const latin1 = Buffer.from('category,dish,price\r\nMains,Crème brûlée,5.00\r\n', 'latin1');
    expect((await preview(latin1)).errors.map((e) => e.code)).toEqual(['not_utf8']);
    expect(
      (await preview('category,dish,price\r\nMains,"Unclosed,5.00\r\n')).errors.map((e) => e.code),
    ).toEqual(['malformed']);
    const header = await preview('dish,prize,dish_en,dish_fr\r\nMargherita,9,x,y\r\n');
    expect(header.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [1, 'prize', 'unknown_column'],
      [1, 'dish_en', 'working_language_column'],
      [1, 'dish_fr', 'language_not_offered'],
      [1, 'category', 'missing_column'],
    ]);
    expect((await preview('category,dish,price\r\n')).errors.map((e) => e.code)).toEqual(['no_rows']);
  });

  it('needs the file in the field "file", as multipart', async () => {
    const wrongField = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
      token: owner.token,
      ...multipart('category,dish\r\n', 'menu'),
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
      token: owner.token,
      body: { file: 'category,dish' },
    });
    expect(json.statusCode).toBe(415);
    const huge = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
      token: owner.token,
      ...multipart(`category,dish,description\r\n${'Mains,Big,'.padEnd(3 * 1024 * 1024, 'x')}\r\n`),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('is refused to a member without menu.manage', async () => {
    const waiter = await createStaffMember(t, owner, 'Waiter');
    const response = await injectApi(t.app, menuImportEndpoints.previewMenuImport, {
      token: waiter.token,
      ...multipart('category,dish,price\r\nMains,X,1\r\n'),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('applying', () => {
  it('creates and changes exactly what the preview said, in one go, and keeps what the file leaves out', async () => {
    const { items: before } = await callApi(t.app, owner.token, menuEndpoints.listMenuItems, {
      params: { restaurantId: owner.restaurantId },
    });
    const csv = [
      'category,dish,description,price,tags,dish_de,category_de',
      // Matched by name (another case): a new price and German name; description, tags kept.
      'mains,MARGHERITA,"Tomato, mozzarella and basil",9.50,vegetarian,Pizza Margherita,Hauptgerichte',
      'Drinks,Acqua,Still water,2.00,,Wasser,Getränke',
      'Drinks,Birra,,4.50,"cold, draught",Bier,',
    ].join('\r\n');
    const answer = await preview(csv);
    expect(answer.errors).toEqual([]);
    expect(answer.create.map((e) => `${e.kind} ${e.name}`)).toEqual([
      'category Drinks',
      'dish Acqua',
      'dish Birra',
    ]);
    expect(answer.update).toEqual([
      {
        kind: 'dish',
        row: 2,
        name: 'Margherita',
        category: 'mains',
        // Each column old → new, as menu.csv writes it.
        changes: [
          { field: 'dish', from: 'Margherita', to: 'MARGHERITA' },
          { field: 'description', from: 'Tomato, mozzarella, basil', to: 'Tomato, mozzarella and basil' },
          { field: 'price', from: '9.00', to: '9.50' },
          { field: 'dish_de', from: 'Margherita', to: 'Pizza Margherita' },
        ],
      },
    ]);
    expect(answer.unchanged).toEqual([
      { kind: 'category', row: 2, name: 'Mains', category: null, changes: [] },
    ]);

    const response = await apply(answer.previewId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TMenuImportResult>()).toEqual({
      categoriesCreated: 1,
      categoriesUpdated: 0,
      dishesCreated: 2,
      dishesUpdated: 1,
    });

    const { items: after } = await callApi(t.app, owner.token, menuEndpoints.listMenuItems, {
      params: { restaurantId: owner.restaurantId },
    });
    const margherita = after.find((item) => item.id === margheritaId)!;
    const old = before.find((item) => item.id === margheritaId)!;
    expect(margherita).toMatchObject({
      name: 'MARGHERITA',
      description: 'Tomato, mozzarella and basil',
      priceMinor: 950,
      tags: ['vegetarian'],
      allergens: old.allergens,
      availableDays: old.availableDays,
      prepMinutes: old.prepMinutes,
      taxRateId: old.taxRateId,
      options: old.options,
    });
    // The German name changed; the description and the options' German names the file lacks stayed.
    expect(margherita.translations.de).toEqual({
      name: 'Pizza Margherita',
      description: 'Tomate, Mozzarella, Basilikum',
      options: { Size: { name: 'Größe', choices: { Large: 'Groß' } } },
    });
    const created = after.filter((item) => !before.some((b) => b.id === item.id));
    expect(created.map((item) => [item.name, item.priceMinor, item.tags, item.translations])).toEqual([
      ['Acqua', 200, [], { de: { name: 'Wasser' } }],
      ['Birra', 450, ['cold', 'draught'], { de: { name: 'Bier' } }],
    ]);
    // Every other dish is as it was.
    expect(after.filter((item) => item.id !== margheritaId && !created.includes(item))).toEqual(
      before.filter((item) => item.id !== margheritaId),
    );
    const categories = await callApi(t.app, owner.token, categoriesEndpoints.listCategories, {
      params: { id: owner.restaurantId },
    });
    expect(categories.items.map((c) => [c.name, c.translations])).toEqual([
      ['Mains', { de: { name: 'Hauptgerichte' } }],
      ['Empty shelf', {}],
      ['Drinks', { de: { name: 'Getränke' } }],
    ]);
    expect(created.every((item) => item.categoryId === categories.items[2]!.id)).toBe(true);

    // Applied once: a second time is a conflict, and changes nothing.
    const again = await apply(answer.previewId);
    expect(again.statusCode).toBe(409);
  });

  it('a re-import of the export’s own menu.csv changes nothing', async () => {
    const before = await menuRows();
    const answer = await preview(await menuCsvOf());
    expect(answer.errors).toEqual([]);
    expect(answer.create).toEqual([]);
    expect(answer.update).toEqual([]);
    expect(answer.unchanged.filter((e) => e.kind === 'dish')).toHaveLength(4);
    expect(answer.unchanged.filter((e) => e.kind === 'category').map((e) => e.name)).toEqual([
      'Mains',
      'Empty shelf',
      'Drinks',
    ]);
    const response = await apply(answer.previewId);
    expect(response.json<TMenuImportResult>()).toEqual({
      categoriesCreated: 0,
      categoriesUpdated: 0,
      dishesCreated: 0,
      dishesUpdated: 0,
    });
    expect(await menuRows()).toEqual(before);
  });

  it('answers 409 when the menu changed since the preview in what the file reads, and not for a sold-out dish', async () => {
    const csv = `id,category,dish,price\r\n${margheritaId},Mains,MARGHERITA,10.00\r\n`;
    const stale = await preview(csv);
    expect(stale.update.map((e) => e.changes)).toEqual([[{ field: 'price', from: '9.50', to: '10.00' }]]);
    // The kitchen marks it sold out meanwhile: not what the file reads.
    await callApi(t.app, owner.token, menuEndpoints.setSoldOut, {
      params: { id: margheritaId },
      body: { soldOut: true },
    });
    const fresh = await preview(csv);
    // Someone changes its price in the editor meanwhile: the first preview is stale.
    await callApi(t.app, owner.token, menuEndpoints.updateMenuItem, {
      params: { id: margheritaId },
      body: { priceMinor: 975 },
    });
    const before = await menuRows();
    const refused = await apply(stale.previewId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toMatch(/changed since/);
    expect(await menuRows()).toEqual(before);
    expect((await apply(fresh.previewId)).statusCode).toBe(409);

    const again = await preview(csv);
    await callApi(t.app, owner.token, menuEndpoints.setSoldOut, {
      params: { id: margheritaId },
      body: { soldOut: false },
    });
    expect((await apply(again.previewId)).statusCode).toBe(200);
    const margherita = await callApi(t.app, owner.token, menuEndpoints.getMenuItem, {
      params: { id: margheritaId },
    });
    expect(margherita.priceMinor).toBe(1000);
  });

  it('matches rows by id first, moves a dish to a new category and says when two rows are one dish', async () => {
    const csv = [
      'id,category,dish,price',
      `${margheritaId},Mains,MARGHERITA,10.00`,
      ',Mains,margherita,10.00',
      ',Pizze,Quattro stagioni,11.00',
      ',Pizze,quattro Stagioni,11.00',
    ].join('\r\n');
    const answer = await preview(csv);
    expect(answer.errors.map((e) => [e.row, e.field, e.code, e.params])).toEqual([
      [3, 'dish', 'same_dish', { otherRow: 2 }],
      [5, 'dish', 'duplicate_row', { otherRow: 4 }],
    ]);
    const fixed = await preview(
      ['id,category,dish,price', `${margheritaId},Pizze,Margherita,10.00`].join('\r\n'),
    );
    expect(fixed.update.map((e) => [e.name, e.changes])).toEqual([
      [
        'MARGHERITA',
        [
          { field: 'category', from: 'Mains', to: 'Pizze' },
          { field: 'dish', from: 'MARGHERITA', to: 'Margherita' },
        ],
      ],
    ]);
    expect((await apply(fixed.previewId)).statusCode).toBe(200);
    const categories = await callApi(t.app, owner.token, categoriesEndpoints.listCategories, {
      params: { id: owner.restaurantId },
    });
    const pizze = categories.items.find((c) => c.name === 'Pizze')!;
    const margherita = await callApi(t.app, owner.token, menuEndpoints.getMenuItem, {
      params: { id: margheritaId },
    });
    expect(margherita.categoryId).toBe(pizze.id);
    expect(margherita.categoryId).not.toBe(mainsId);
  });

  it('is the restaurant’s own: another restaurant’s owner gets 404 for its preview', async () => {
    const other = await registerOwner(t.app, { restaurantName: 'Elsewhere' });
    const answer = await preview('category,dish,price\r\nMains,Foreign,1.00\r\n');
    const response = await apply(answer.previewId, other.token);
    expect(response.statusCode).toBe(404);
    expect(await menuRows(other.restaurantId)).toEqual([]);
  });
});
