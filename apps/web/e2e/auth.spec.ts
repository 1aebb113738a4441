import { expect, test } from '@playwright/test';
import { newOwner, watchConsole } from './helpers';

test('an owner signs up, stays signed in, logs out and signs in again', async ({ page, context }) => {
  const errors = watchConsole(page);
  const owner = newOwner();

  await test.step('sign up', async () => {
    await page.goto('/signup');
    await page.getByLabel('Your name').fill(owner.name);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByLabel('Restaurant name').fill(owner.restaurantName);
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByRole('button', { name: 'Create restaurant' }).click();

    await expect(page).toHaveURL('/dashboard/overview');
    await expect(page.getByTestId('restaurant-name')).toHaveText(owner.restaurantName);
    await expect(page.getByRole('heading', { name: 'Welcome, Giulia' })).toBeVisible();
    await expect(page.getByText('€0.00').first()).toBeVisible();
  });

  await test.step('the session lives in an HttpOnly cookie; storage holds hints only', async () => {
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.httpOnly);
    expect(session, 'an HttpOnly session cookie').toBeDefined();
    const stored = await page.evaluate(() => localStorage.getItem('tavolo'));
    expect(Object.keys(JSON.parse(stored ?? '{}')).sort()).toEqual(['restaurantId', 'staffId', 'userType']);
    expect(stored).not.toContain(session?.value ?? '');
    expect(await page.evaluate(() => document.cookie)).not.toContain(session?.value ?? '');
  });

  await test.step('a reload keeps the owner signed in', async () => {
    await page.reload();
    await expect(page.getByTestId('restaurant-name')).toHaveText(owner.restaurantName);
  });

  await test.step('log out', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  await test.step('a protected page sends the visitor to /login, replacing the history entry', async () => {
    await page.goto('/dashboard/menu');
    await expect(page).toHaveURL('/login');
    await page.goBack();
    await expect(page).not.toHaveURL(/\/dashboard\/menu/);
  });

  await test.step('a wrong password shows an error', async () => {
    await page.goto('/dashboard/menu');
    await expect(page).toHaveURL('/login');
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The same words whether the account exists or not, with a pointer to the other switch.
    await expect(page.getByRole('alert')).toHaveText(
      "Incorrect e-mail or password.Are you staff? Tick 'Sign in as staff'.",
    );
    await expect(page.locator(':focus')).toContainText('Incorrect e-mail or password.');
  });

  await test.step('the right password signs in and returns to the page asked for', async () => {
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard/menu');
    await expect(page.getByRole('heading', { name: 'Menu', level: 1 })).toBeVisible();
    await expect(page.getByTestId('restaurant-name')).toHaveText(owner.restaurantName);
  });

  expect(errors).toEqual([]);
});

test('a taken e-mail and an unknown reset link are explained', async ({ page }) => {
  const owner = newOwner();
  const register = await page.request.post('/auth/register', {
    data: { ...owner, currency: 'USD', timezone: 'UTC' },
    headers: { 'X-Session-Transport': 'cookie' },
  });
  expect(register.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/signup');
  await page.getByLabel('Your name').fill('Someone Else');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill('another password');
  await page.getByLabel('Restaurant name').fill('Another place');
  await page.getByRole('button', { name: 'Create restaurant' }).click();
  await expect(page.getByRole('alert')).toContainText('already exists');
  await expect(page.getByText('E-mail is already registered.')).toBeVisible();

  await page.goto('/auth/forgot-password');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText("If an account exists for that e-mail, we've sent a link")).toBeVisible();

  await page.goto('/auth/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('brand new password');
  await page.getByLabel('Repeat the new password').fill('brand new password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or has already been used');
});
