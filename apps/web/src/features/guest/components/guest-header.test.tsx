import type { TGuestMenu } from '@tavolo/contract/menu';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { GuestHeader } from './guest-header';

const restaurant = {
  name: 'Trattoria Uno',
  bannerUrl: '/uploads/x/banner.webp',
  logoUrl: null,
  address: null,
} as unknown as TGuestMenu['restaurant'];
const table = { number: 4, label: null } as unknown as TGuestMenu['table'];

/** The banner as guest-page.ts draws it before the app's root. */
function drawServerBanner(url: string) {
  const img = document.createElement('img');
  img.id = 'guest-banner';
  img.dataset.bannerUrl = url;
  img.src = url;
  document.body.prepend(img);
  return img;
}

const renderHeader = (bannerUrl: string | null = restaurant.bannerUrl) =>
  render(
    <MemoryRouter>
      <GuestHeader
        restaurant={{ ...restaurant, bannerUrl }}
        table={table}
        qrToken="code"
        orders={[]}
        menuLanguage="en"
      />
    </MemoryRouter>,
  );

const bannersIn = (element: HTMLElement) => element.querySelectorAll('img').length;

afterEach(() => document.getElementById('guest-banner')?.remove());

describe('GuestHeader and the banner the server drew', () => {
  it('keeps the server’s banner while the menu shows, draws none of its own, and takes it away after', () => {
    const banner = drawServerBanner('/uploads/x/banner.webp');
    const { container, unmount } = renderHeader();
    expect(screen.getByRole('heading', { name: 'Trattoria Uno' })).toBeTruthy();
    expect(banner.isConnected).toBe(true);
    expect(bannersIn(container)).toBe(0);
    unmount();
    expect(banner.isConnected).toBe(false);
  });

  it('draws its own banner when the server’s shows another one', () => {
    const banner = drawServerBanner('/uploads/x/old.webp');
    const { container } = renderHeader();
    expect(banner.isConnected).toBe(false);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/x/banner.webp');
  });

  it('draws its own banner when the server drew none', () => {
    const { container } = renderHeader();
    expect(bannersIn(container)).toBe(1);
  });
});
