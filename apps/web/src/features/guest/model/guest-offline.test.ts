import { describe, expect, it } from 'vitest';
import {
  beyondNewest,
  IMAGE_CACHE_ENTRIES,
  isGuestNavigation,
  readGuestWorkerMessage,
  readSavedAt,
  SAVED_AT_HEADER,
} from './guest-offline';

const ORIGIN = 'https://tavolo.example';
const MENU = '/api/menu/qr';
const read = (data: unknown) => readGuestWorkerMessage(data, ORIGIN, MENU);

describe('what the guest pages tell their worker', () => {
  it("keeps a menu under the menu's own address on this site, and nothing else", () => {
    expect(read({ type: 'tavolo:keep-menu', url: '/api/menu/qr?qrToken=abc&lang=it', body: '{}' })).toEqual({
      type: 'tavolo:keep-menu',
      url: `${ORIGIN}/api/menu/qr?qrToken=abc&lang=it`,
      body: '{}',
    });
    for (const url of [
      '/api/orders',
      '/api/menu/qr/../../api/orders',
      'https://elsewhere.example/api/menu/qr?qrToken=abc',
      42,
      'http://[::1',
    ]) {
      expect(read({ type: 'tavolo:keep-menu', url, body: '{}' }), String(url)).toBeNull();
    }
    expect(read({ type: 'tavolo:keep-menu', url: MENU, body: { not: 'text' } })).toBeNull();
    expect(read({ type: 'tavolo:keep-menu', url: MENU, body: 'x'.repeat(2_000_001) })).toBeNull();
  });

  it("keeps this site's uploads only, once each, at most as many as the image cache holds", () => {
    const message = read({
      type: 'tavolo:keep-images',
      urls: [
        `${ORIGIN}/uploads/r1/a.webp`,
        '/uploads/r1/a.webp',
        '/uploads/r1/b.webp',
        '/assets/guest-abc.js',
        'https://elsewhere.example/uploads/r1/c.webp',
        null,
      ],
    });
    expect(message).toEqual({
      type: 'tavolo:keep-images',
      urls: [`${ORIGIN}/uploads/r1/a.webp`, `${ORIGIN}/uploads/r1/b.webp`],
    });
    const many = Array.from({ length: IMAGE_CACHE_ENTRIES + 5 }, (_, i) => `/uploads/r/${i}.webp`);
    const kept = read({ type: 'tavolo:keep-images', urls: many });
    expect(kept?.type === 'tavolo:keep-images' ? kept.urls : []).toHaveLength(IMAGE_CACHE_ENTRIES);
  });

  it('ignores anything else a page could post', () => {
    for (const data of [null, 'tavolo:keep-menu', { type: 'SKIP_WAITING' }, { type: 'tavolo:keep-images' }]) {
      expect(read(data), JSON.stringify(data)).toBeNull();
    }
  });
});

describe('the rules both sides read', () => {
  it('answers page loads under /t/ (a table, its orders, its bill), not the manifest nor other pages', () => {
    for (const path of ['/t/abc', '/t/abc/', '/t/abc/orders/1', '/t/abc/bill']) {
      expect(isGuestNavigation(path), path).toBe(true);
    }
    for (const path of ['/', '/dashboard', '/login', '/t', '/pay/sandbox/1', '/t/abc/manifest.webmanifest']) {
      expect(isGuestNavigation(path), path).toBe(false);
    }
  });

  it("reads when a saved copy was saved, and nothing from a server's answer", () => {
    expect(readSavedAt(new Headers({ [SAVED_AT_HEADER]: '1767225600000' }))).toBe(1767225600000);
    for (const value of [null, '', 'yesterday', '-5', '0', '1.5']) {
      const headers = new Headers(value === null ? {} : { [SAVED_AT_HEADER]: value });
      expect(readSavedAt(headers), String(value)).toBeUndefined();
    }
  });

  it('trims a cache to its newest entries, oldest first out', () => {
    expect(beyondNewest(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b']);
    expect(beyondNewest(['a', 'b'], 2)).toEqual([]);
    expect(beyondNewest([], 3)).toEqual([]);
  });
});
