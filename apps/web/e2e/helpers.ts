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

/**
 * Every visible control on the page smaller than 44 × 44 CSS pixels (PRODUCT.md §8: touch targets
 * of at least 44 px on a kitchen tablet and a guest's phone). Visually hidden skip links are not
 * counted; a checkbox counts with its label, which works it too.
 */
export async function listSmallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=switch], [role=tab], summary',
    );
    const small: string[] = [];
    for (const control of controls) {
      if (control.closest('.sr-only') || !control.checkVisibility({ visibilityProperty: true })) continue;
      if (control.closest('[inert]')) continue;
      let target = control.getBoundingClientRect();
      // A "stretched" control: its ::after covers its positioned card, which is then the target.
      const after = getComputedStyle(control, '::after');
      if (after.position === 'absolute' && after.content !== 'none' && control.offsetParent) {
        target = control.offsetParent.getBoundingClientRect();
      }
      if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
        // A tap on its label works the box: the target is the box and its label together.
        for (const label of control.labels ?? []) {
          const box = label.getBoundingClientRect();
          const left = Math.min(target.left, box.left);
          const top = Math.min(target.top, box.top);
          const right = Math.max(target.right, box.right);
          const bottom = Math.max(target.bottom, box.bottom);
          target = new DOMRect(left, top, right - left, bottom - top);
        }
      }
      if (target.width === 0 || target.height === 0) continue;
      if (target.width < 43.5 || target.height < 43.5) {
        const name =
          control.getAttribute('aria-label') || control.textContent?.trim().slice(0, 40) || control.tagName;
        small.push(`${name} (${Math.round(target.width)} × ${Math.round(target.height)})`);
      }
    }
    return small;
  });
}
