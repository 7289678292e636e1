// Journeys of a signed-out visitor: landing, switching language, and lost links.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseLanguage, SCREENSHOTS } from './support';

test('the root path lands on the sign-in page', async ({ page }) => {
  // Console errors include violations of the server's Content-Security-Policy.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'signin-en.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test("the footer shows the server's version", async ({ page }) => {
  await page.goto('/signin');

  await expect(page.getByText(/^Playtrack \S+$/)).toBeVisible();
});

test('choosing Arabic turns the page right-to-left, and the choice is remembered', async ({ page }) => {
  await page.goto('/signin');

  await chooseLanguage(page, 'العربية');

  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByLabel('البريد الإلكتروني')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'signin-ar.png'), fullPage: true });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('an unknown path lands on the sign-in page', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('the sign-in form explains what is missing', async ({ page }) => {
  await page.goto('/login');

  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByText('Enter your e-mail address.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
});
