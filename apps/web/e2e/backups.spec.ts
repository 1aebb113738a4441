import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// Settings → Backups on the built server: its embedded database is backed up for real, in the
// server's backup process, while the page follows it. The e2e server runs with TAVOLO_BACKUP_HOURS=0
// (a throwaway database), so the screen says automatic backups are off and "take one now" is the way.

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'tavolo-e2e-shots');
mkdirSync(shots, { recursive: true });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });

test('an owner takes a backup now from Settings → Backups and sees it kept', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await registerThroughApi(page, newOwner());

  await page.goto('/dashboard/settings#backups');
  const section = page.getByRole('region', { name: 'Backups' });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('backup-next')).toContainText('Automatic backups are off');
  const before = await section.getByTestId('backup-item').count();

  await section.getByRole('button', { name: 'Take a backup now' }).click();
  await expect(page.getByText('The backup has started: service goes on while it is made.')).toBeVisible();
  // The server answers while it is made: the API answers meanwhile too.
  expect((await page.request.get('/api/health')).status()).toBe(200);
  await expect(section.getByTestId('backup-item')).toHaveCount(before + 1, { timeout: 90_000 });
  await expect(section.getByTestId('backup-running')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Take a backup now' })).toBeEnabled();
  await expect(section.getByTestId('backup-last')).not.toContainText('None yet');
  // Named, never located: no path of the server's disk on the page.
  const newest = section.getByTestId('backup-item').first();
  await expect(newest).toContainText(/tavolo-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.br/);
  await expect(newest).toContainText(/\d+(\.\d)? (kB|MB)/);
  await expect(section).not.toContainText('/tmp');

  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'settings-backups-1280');
  await section.screenshot({ path: path.join(shots, 'settings-backups-section-1280.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await section.screenshot({ path: path.join(shots, 'settings-backups-section-1024.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(shots, 'settings-backups-section-390.png') });
  expect(errors).toEqual([]);
});
