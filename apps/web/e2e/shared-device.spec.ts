import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newOwner, registerThroughApi, watchConsole } from './helpers';

// A shared tablet for one evening (PRODUCT.md §9): a manager marks it once; a waiter and a cook then
// switch in by tapping their name and typing their PIN, each landing on their own screen; a PIN
// guessed too often is refused with a clear message; the tablet locks itself back to the names
// after its idle minutes; and the owner finds every switch in the activity log. The real server and
// database throughout.

// For people to look at, outside the repository (DEVICE_SHOTS moves them).
const shots = process.env.DEVICE_SHOTS ?? '/tmp/shots-devices';
const shoot = async (page: Page, name: string) => {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });
};

type Role = { id: string; name: string };

/** A member of the owner's restaurant in a default role, with a password and (when given) a PIN. */
async function addMember(
  owner: APIRequestContext,
  roles: Role[],
  member: { name: string; role: string; pin?: string },
) {
  const roleId = roles.find((role) => role.name === member.role)!.id;
  const email = `${member.name.toLowerCase()}-${Date.now()}@example.com`;
  const password = 'staff password 1';
  const created = await owner.post('/api/staff', { data: { name: member.name, email, password, roleId } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (member.pin) {
    const pin = await owner.put(`/api/staff/${id}/pin`, { data: { pin: member.pin } });
    expect(pin.status(), await pin.text()).toBe(204);
  }
  return { id, email, password };
}

const namePicker = (page: Page) => page.getByRole('heading', { name: 'Who is signing in?' });
const nameButton = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Staff' }).getByRole('button', { name: new RegExp(`^${name}`) });
const padKey = (page: Page, key: string) =>
  page.getByRole('group', { name: 'PIN keypad' }).getByRole('button', { name: key, exact: true });

async function typeOnPad(page: Page, pin: string) {
  for (const digit of pin) await padKey(page, digit).click();
  await padKey(page, 'Sign in').click();
}

/**
 * The Switch user button: the top bar's, or the kitchen's own when its compact layout covers the
 * top bar (the kitchen's comes later on the page, and the covered one turns inert).
 */
const switchUser = (page: Page) => page.getByRole('button', { name: 'Switch user' }).last();

test('staff switch on a shared tablet by name and PIN, land on their screens, lock when idle, and every switch is audited', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext({ baseURL });
  const ownerPage = await ownerContext.newPage();
  await registerThroughApi(ownerPage, newOwner());
  const owner = ownerPage.request;
  const { items: roles } = (await (await owner.get('/api/roles')).json()) as { items: Role[] };
  const manager = await addMember(owner, roles, { name: 'Paola', role: 'Manager' });
  const waiter = {
    ...(await addMember(owner, roles, { name: 'Marco', role: 'Waiter', pin: '2468' })),
    pin: '2468',
  };
  const cook = {
    ...(await addMember(owner, roles, { name: 'Chiara', role: 'Kitchen', pin: '1357' })),
    pin: '1357',
  };
  await addMember(owner, roles, { name: 'Nopin', role: 'Waiter' });

  // The kitchen tablet: 1024 px, its own browser (cookies and all).
  const tablet = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
  const page = await tablet.newPage();
  const errors = watchConsole(page);
  await page.clock.install();

  await test.step('a manager signs in with their password and marks the tablet as a shared device', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(manager.email);
    await page.getByLabel('Password').fill(manager.password);
    await page.getByLabel('Sign in as staff').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    // From the Staff screen, where a manager works.
    await page.goto('/dashboard/staff');
    await page.getByRole('link', { name: 'Shared device' }).click();
    const form = page.getByRole('form', { name: 'Make this browser a shared device' });
    await form.getByLabel('Name of this device').fill('Kitchen tablet');
    await expect(form.getByLabel('Lock after (minutes without use)')).toHaveValue('5');
    await form.getByRole('button', { name: 'Make this a shared device' }).click();
    await expect(
      page.getByText(
        'This browser is the shared device “Kitchen tablet”. It locks after 5 minutes without use.',
      ),
    ).toBeVisible();
    await page.locator('#shared-device').screenshot({ path: path.join(shots, 'settings-marked-1024.png') });
  });

  await test.step('"Switch user" goes back to the names: those with a PIN, as large targets', async () => {
    await switchUser(page).click();
    await expect(namePicker(page)).toBeVisible();
    await expect(nameButton(page, 'Marco')).toContainText('Waiter');
    await expect(nameButton(page, 'Chiara')).toContainText('Kitchen');
    await expect(nameButton(page, 'Nopin')).toHaveCount(0);
    const box = (await nameButton(page, 'Marco').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(88);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'names-tablet-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'names-phone-390');
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  await test.step('the waiter taps their name, types their PIN on the pad and lands on the floor', async () => {
    await nameButton(page, 'Marco').click();
    await expect(page.getByRole('heading', { name: 'Hello, Marco' })).toBeVisible();
    await expect(page.getByLabel('PIN for Marco')).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'pin-pad-tablet-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'pin-pad-phone-390');
    await page.setViewportSize({ width: 1024, height: 768 });
    await typeOnPad(page, waiter.pin);
    await expect(page).toHaveURL(/\/dashboard\/floor$/);
    await expect(page.getByRole('heading', { name: 'Floor', level: 1 })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(switchUser(page)).toBeVisible();
    await shoot(page, 'floor-switch-user-phone-390');
    await page.setViewportSize({ width: 1024, height: 768 });
  });

  await test.step('the cook switches in with the keyboard and lands on the kitchen', async () => {
    await switchUser(page).click();
    await nameButton(page, 'Chiara').click();
    await page.keyboard.type(cook.pin);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/kitchen$/);
  });

  await test.step('five wrong PINs for the waiter pause them with a clear message; the cook still gets in', async () => {
    await switchUser(page).click();
    await nameButton(page, 'Marco').click();
    for (let attempt = 0; attempt < 5; attempt++) {
      await typeOnPad(page, '9999');
      await expect(page.getByRole('alert')).toHaveText('That PIN is not right. Try again.');
    }
    await typeOnPad(page, waiter.pin);
    await expect(page.getByRole('alert')).toHaveText(
      'Too many wrong PINs for Marco: signing in as Marco is paused for up to 15 minutes. Ask a manager if you forgot your PIN.',
    );
    await expect(padKey(page, '1')).toBeDisabled();
    await shoot(page, 'pin-too-many-tablet-1024');
    await page.getByRole('button', { name: 'Not you? Back to the names' }).click();
    await nameButton(page, 'Chiara').click();
    await typeOnPad(page, cook.pin);
    await expect(page).toHaveURL(/\/dashboard\/kitchen$/);
  });

  await test.step('after five idle minutes the tablet locks back to the names', async () => {
    // The shell knows it is on a shared device (Switch user shows): its idle clock runs.
    await expect(switchUser(page)).toBeVisible();
    await page.clock.fastForward('04:00');
    await expect(page).toHaveURL(/\/dashboard\/kitchen$/);
    await page.clock.fastForward('01:30');
    await expect(namePicker(page)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await shoot(page, 'names-locked-tablet-1024');
    await expect(
      page.getByText('Kitchen tablet locked after a while without use.', { exact: false }),
    ).toBeVisible();
    // The cook's session ended: the dashboard asks for a name again.
    await page.goto('/dashboard/kitchen');
    await expect(namePicker(page)).toBeVisible();
  });

  await test.step('the owner finds every switch, and the refused PINs, in the activity log', async () => {
    const audit = async (kind: string) =>
      (
        (await (await owner.get(`/api/audit?kind=${kind}&pageSize=50`)).json()) as {
          items: { actor: { id: string; name: string }; details: { deviceName?: string } }[];
        }
      ).items;
    const switched = await audit('device.switched');
    expect(switched.map((entry) => entry.actor.name)).toEqual(['Chiara', 'Chiara', 'Marco']);
    expect(switched.every((entry) => entry.details.deviceName === 'Kitchen tablet')).toBe(true);
    const refused = await audit('device.switch_refused');
    expect(refused.map((entry) => entry.actor.id)).toEqual(Array(5).fill(waiter.id));

    await ownerPage.goto('/dashboard/orders/activity');
    const rows = ownerPage.getByTestId('activity-row');
    await ownerPage
      .getByLabel('What', { exact: true })
      .selectOption({ label: 'Signed in on a shared device' });
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Chiara');
    await expect(rows.nth(0)).toContainText('Device: Kitchen tablet');
    await expect(rows.nth(2)).toContainText('Marco');
    await ownerPage
      .getByLabel('What', { exact: true })
      .selectOption({ label: 'Wrong PIN on a shared device' });
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('Marco');
    await expect(rows.nth(0)).toContainText('Wrong PIN');
    await shoot(ownerPage, 'activity-desktop');
  });

  // The refused PINs (401, 429) are answers the screen shows; nothing else went wrong.
  expect(errors.filter((error) => !/status of (401|429)/.test(error))).toEqual([]);
  await tablet.close();
  await ownerContext.close();
});
