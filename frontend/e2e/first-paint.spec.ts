// The sign-in page arrives rendered in its HTML (scripts/prerender.mjs) and the app takes it
// over in place; readers it does not fit get their own page.
import { expect } from '@playwright/test';
import { DEMO, demoPassword, test } from './support';

test('the sign-in form shows before any script runs, and waits for the app before it sends anything', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  // Typed text would not reach the app, and a native submit would put the password in the address.
  await expect(page.getByLabel('E-mail')).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await context.close();
});

test('the app takes over the prerendered page without rendering it again, and signing in works', async ({ page }) => {
  // Counts the nodes the app would remove from the root if it rendered the page anew.
  await page.addInitScript(`
    window.removedFromRoot = 0;
    new MutationObserver((records) => {
      for (const record of records) if (record.target.id === 'root') window.removedFromRoot += record.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  `);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Enter your e-mail address.')).toBeVisible();

  expect(await page.evaluate('window.removedFromRoot')).toBe(0);
  await page.getByLabel('E-mail').fill(DEMO.meridianAdmin);
  await page.getByLabel('Password').fill(demoPassword(DEMO.meridianAdmin));
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  expect(errors).toEqual([]);
});

test('the page comes in the language the browser asks for, right to left for Arabic', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ar-EG' });
  const page = await context.newPage();
  await page.goto('/signin');

  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await context.close();
});

test('a reader who chose another language gets theirs, and the next sign-in page comes in it', async ({ page }) => {
  await page.addInitScript("localStorage.setItem('playtrack.lang', 'ar')");
  await page.goto('/login');

  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  const next = await page.request.get('/login');
  expect(await next.text()).toContain('data-prerendered="ar"');
});
