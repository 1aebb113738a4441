import type { TMenuImportPreview } from '@tavolo/contract/menu-import';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, ME, stubFetch } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PREVIEW_ID = '33333333-3333-4333-8333-333333333333';
const withErrors: TMenuImportPreview = {
  previewId: PREVIEW_ID,
  expiresAt: '2030-01-01T00:00:00.000Z',
  rows: 3,
  create: [{ kind: 'dish', row: 2, name: 'Marinara', category: 'Pizza', changes: [] }],
  update: [],
  unchanged: [],
  errors: [
    { row: 3, field: 'price', code: 'invalid_price', params: { example: '12.50' }, message: 'x' },
    { row: 3, field: 'days', code: 'invalid_days', params: { value: 'funday' }, message: 'x' },
    {
      row: 4,
      field: 'tax_rate',
      code: 'unknown_tax_rate',
      params: { value: 'Luxury', known: '' },
      message: 'x',
    },
  ],
};
const valid: TMenuImportPreview = {
  ...withErrors,
  create: [
    { kind: 'category', row: 2, name: 'Drinks', category: null, changes: [] },
    { kind: 'dish', row: 2, name: 'Acqua', category: 'Drinks', changes: [] },
  ],
  update: [
    {
      kind: 'dish',
      row: 3,
      name: 'Margherita',
      category: 'Pizza',
      changes: [
        { field: 'price', from: '9.00', to: '9.50' },
        { field: 'days', from: 'mon tue', to: null },
        { field: 'dish_de', from: null, to: 'Pizza Margherita' },
      ],
    },
  ],
  unchanged: [{ kind: 'category', row: 3, name: 'Pizza', category: null, changes: [] }],
  errors: [],
};

function stubImport(answers: { preview: TMenuImportPreview[]; apply: () => Response }) {
  const previews = [...answers.preview];
  return stubFetch(({ url, method }) => {
    if (url.pathname === '/auth/me') return jsonResponse(200, ME);
    if (method === 'POST' && url.pathname === '/api/menu/import') return jsonResponse(200, previews.shift());
    if (method === 'POST' && url.pathname === `/api/menu/import/${PREVIEW_ID}`) return answers.apply();
    return errorResponse(404, 'NOT_FOUND', 'Not found');
  });
}

async function readFile() {
  const input = (await screen.findByLabelText(
    'Your spreadsheet (CSV)',
    {},
    { timeout: 5_000 },
  )) as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['category,dish\r\n'], 'menu.csv', { type: 'text/csv' })] },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Read the file' }));
}

describe('MenuImportScreen', () => {
  it('offers the menu and a template, then shows a file’s errors by row and refuses to apply it', async () => {
    const fetch = stubImport({ preview: [withErrors], apply: () => jsonResponse(500, {}) });
    renderApp('/dashboard/menu/import');
    expect((await screen.findByTestId('menu-csv', {}, { timeout: 5_000 })).getAttribute('href')).toBe(
      '/api/menu/export.csv',
    );
    expect(screen.getByTestId('menu-csv-template').getAttribute('href')).toBe(
      '/api/menu/import/template.csv',
    );
    expect(screen.getByRole('button', { name: 'Read the file' }).hasAttribute('disabled')).toBe(true);
    await readFile();
    const errors = await screen.findByTestId('import-errors');
    // A row's errors all together, under its number.
    const rows = within(errors).getAllByTestId('import-error-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Row 3')).toBeTruthy();
    expect(
      within(rows[0]!)
        .getAllByTestId('import-error')
        .map((e) => e.textContent),
    ).toEqual([
      'pricemust be a price like 12.50',
      'days“funday” is not a day (mon, tue, wed, thu, fri, sat, sun)',
    ]);
    expect(within(screen.getByTestId('import-counts')).getByText('3')).toBeTruthy();
    expect(within(errors).getByText(/“Luxury” is not a tax rate: you have none yet/)).toBeTruthy();
    expect(within(screen.getByTestId('import-counts')).getAllByText('1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Apply 1 change' }).hasAttribute('disabled')).toBe(true);
    // The file went as multipart, in the field "file".
    const body = fetch.mock.calls.find(([input]) => String(input).endsWith('/api/menu/import'))![1]!.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('applies a valid file and says what it did; a menu changed since asks to read the file again', async () => {
    let conflict = true;
    stubImport({
      preview: [valid, valid],
      apply: () =>
        conflict
          ? errorResponse(409, 'CONFLICT', 'The menu changed since the preview')
          : jsonResponse(200, {
              categoriesCreated: 1,
              categoriesUpdated: 0,
              dishesCreated: 1,
              dishesUpdated: 1,
            }),
    });
    renderApp('/dashboard/menu/import');
    await readFile();
    const changed = await screen.findByTestId('import-changed');
    expect(within(changed).getByText('Margherita')).toBeTruthy();
    // Each changed column, old → new; an empty cell and an empty days column said in words.
    expect(
      within(changed)
        .getAllByTestId('import-change')
        .map((c) => c.textContent),
    ).toEqual([
      'pricewas9.00→becomes9.50',
      'dayswasmon tue→becomesevery day',
      'dish_dewasempty→becomesPizza Margherita',
    ]);
    expect(within(screen.getByTestId('import-new')).getByText('Acqua')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Apply 3 changes' }));
    expect(await screen.findByText(/The menu changed since you read the file/)).toBeTruthy();
    conflict = false;
    fireEvent.click(screen.getByRole('button', { name: 'Read the file again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Apply 3 changes' }));
    expect((await screen.findByTestId('import-result')).textContent).toBe(
      'Imported: 1 new category, 1 new dish, and 1 dish changed.',
    );
  });
});
