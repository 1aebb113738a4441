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
    primeGuestMenu(queryClient, element({ qrToken: QR, menu }), `/t/${QR}`);
    expect(queryClient.getQueryData(guestMenuQueryKey(QR))).toEqual(menu);
  });

  it('leaves out a menu for another code or page, one that does not parse, and a missing element', () => {
    const queryClient = createQueryClient();
    primeGuestMenu(queryClient, element({ qrToken: QR, menu }), '/t/another-code-entirely');
    primeGuestMenu(queryClient, element({ qrToken: QR, menu }), `/t/${QR}/bill`);
    primeGuestMenu(queryClient, element({ qrToken: QR, menu: { restaurant: {} } }), `/t/${QR}`);
    primeGuestMenu(queryClient, null, `/t/${QR}`);
    const broken = element({});
    broken.textContent = '{not json';
    primeGuestMenu(queryClient, broken, `/t/${QR}`);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
