import type { TGuestMenu } from '@tavolo/contract/menu';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakeCategory, fakeGuestTodayMenu, fakeId, fakeMenuItem } from '../../../testing/menu-fixtures';
import { guestMenuQueryKey, primeGuestMenu } from './get-guest-menu';

const category = fakeCategory({ name: 'Pizza' });
const menu: TGuestMenu = {
  restaurant: {
    id: fakeId(),
    name: 'Trattoria </script> Giulia',
    address: null,
    phone: null,
    logoUrl: null,
    bannerUrl: null,
    currency: 'EUR',
    timezone: 'Europe/Rome',
    serviceChargePercent: 0,
  },
  table: { id: fakeId(), number: 4, label: null },
  menu: fakeGuestTodayMenu([{ category, items: [fakeMenuItem({ categoryId: category.id })] }]),
  language: 'en',
  languages: ['en'],
};
const QR = 'abcdefghijklmnop1234';

/** The page's data element as the server writes it: `<`, `>` and `&` as \u escapes. */
function element(value: unknown): HTMLElement {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.textContent = JSON.stringify(value).replace(
    /[<>&]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return script;
}

describe('primeGuestMenu', () => {
  it("caches the menu the page carries for its table's code", () => {
    const queryClient = createQueryClient();
    primeGuestMenu(queryClient, element({ qrToken: QR, menu }), `/t/${QR}`, 'en');
    expect(queryClient.getQueryData(guestMenuQueryKey(QR, 'en'))).toEqual(menu);
  });

  it("keeps it for the guest's language: one the restaurant writes in is asked for, others read its choice", () => {
    const german = { ...menu, language: 'de', languages: ['it', 'en', 'de'] };
    const italian = { ...menu, language: 'it', languages: ['it', 'en', 'de'] };
    const queryClient = createQueryClient();
    // A guest who picked English this visit, on a German phone: the German menu is not theirs.
    primeGuestMenu(queryClient, element({ qrToken: QR, menu: german }), `/t/${QR}`, 'en');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    // A French guest at a restaurant without French reads what the server chose.
    primeGuestMenu(queryClient, element({ qrToken: QR, menu: italian }), `/t/${QR}`, 'fr');
    expect(queryClient.getQueryData(guestMenuQueryKey(QR, 'fr'))).toEqual(italian);
  });

  it('leaves out a menu for another code or page, one that does not parse, and a missing element', () => {
    const queryClient = createQueryClient();
    primeGuestMenu(queryClient, element({ qrToken: QR, menu }), '/t/another-code-entirely', 'en');
    primeGuestMenu(queryClient, element({ qrToken: QR, menu }), `/t/${QR}/bill`, 'en');
    primeGuestMenu(queryClient, element({ qrToken: QR, menu: { restaurant: {} } }), `/t/${QR}`, 'en');
    primeGuestMenu(queryClient, null, `/t/${QR}`, 'en');
    const broken = element({});
    broken.textContent = '{not json';
    primeGuestMenu(queryClient, broken, `/t/${QR}`, 'en');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
