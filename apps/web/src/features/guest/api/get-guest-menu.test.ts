import type { TGuestMenu } from '@tavolo/contract/menu';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, DEFAULT_STALE_MS } from '../../../lib/query-client';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { fakeCategory, fakeGuestTodayMenu, fakeId, fakeMenuItem } from '../../../testing/menu-fixtures';
import { SAVED_AT_HEADER } from '../model/guest-offline';
import { getGuestMenu, guestMenuQueryKey, guestMenuQueryOptions, primeGuestMenu } from './get-guest-menu';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
    // What it primed comes back: the page hands it to the service worker to keep for offline.
    expect(primeGuestMenu(queryClient, element({ qrToken: QR, menu }), `/t/${QR}`, 'en')).toEqual({
      qrToken: QR,
      menu,
    });
    expect(queryClient.getQueryData(guestMenuQueryKey(QR, 'en'))).toEqual(menu);
  });

  it("keeps it for the guest's language: one the restaurant writes in is asked for, others read its choice", () => {
    const german = { ...menu, language: 'de', languages: ['it', 'en', 'de'] };
    const italian = { ...menu, language: 'it', languages: ['it', 'en', 'de'] };
    const queryClient = createQueryClient();
    // A guest who picked English this visit, on a German phone: the German menu is not theirs.
    expect(primeGuestMenu(queryClient, element({ qrToken: QR, menu: german }), `/t/${QR}`, 'en')).toBeNull();
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
    expect(primeGuestMenu(queryClient, null, `/t/${QR}`, 'en')).toBeNull();
    const broken = element({});
    broken.textContent = '{not json';
    primeGuestMenu(queryClient, broken, `/t/${QR}`, 'en');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('getGuestMenu', () => {
  it("says when the phone's saved copy answered, and nothing when the server did", async () => {
    let saved: string | null = '1767225600000';
    const fetch = stubFetch(() => {
      const answer = jsonResponse(200, menu);
      if (saved) answer.headers.set(SAVED_AT_HEADER, saved);
      return answer;
    });
    expect(await getGuestMenu(QR, 'it')).toEqual({ ...menu, savedAt: 1767225600000 });
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/menu/qr?qrToken=${QR}&lang=it`);
    saved = null;
    const fresh = await getGuestMenu(QR, 'it');
    expect(fresh).toEqual(menu);
    expect('savedAt' in fresh).toBe(false);
  });

  it('is asked for even offline (the worker answers), and a saved copy is stale at once', async () => {
    const queryClient = createQueryClient();
    const options = guestMenuQueryOptions(QR);
    expect(options.networkMode).toBe('offlineFirst');
    const staleTime = options.staleTime as (query: unknown) => number;
    queryClient.setQueryData(options.queryKey, { ...menu, savedAt: 1 });
    expect(staleTime(queryClient.getQueryCache().find({ queryKey: options.queryKey }))).toBe(0);
    queryClient.setQueryData(options.queryKey, menu);
    expect(staleTime(queryClient.getQueryCache().find({ queryKey: options.queryKey }))).toBe(
      DEFAULT_STALE_MS,
    );
  });
});
