import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export function newOwner() {
  const id = randomUUID().slice(0, 8);
  return {
    name: 'Giulia Rossi',
    email: `owner-${id}@example.com`,
    password: 'correct horse battery',
    restaurantName: `Trattoria ${id}`,
  };
}

/** Signs an owner up through the API, in the page's cookie jar, the way the web app does. */
export async function registerThroughApi(page: Page, owner: ReturnType<typeof newOwner>) {
  const response = await page.request.post('/auth/register', {
    headers: { 'X-Session-Transport': 'cookie' },
    data: { ...owner, currency: 'EUR', timezone: 'Europe/Rome' },
  });
  expect(response.status()).toBe(201);
}

/**
 * Collects console errors. Chromium logs every 4xx answer as "Failed to load resource"; a 401
 * from /auth/me is how a signed-out visitor is recognised, so those are expected.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of 401/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target).join(', ')})`,
    );
  expect(serious).toEqual([]);
}
