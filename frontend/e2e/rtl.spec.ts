// Arabic reads right to left, but the e-mail addresses and numbers inside it read left to
// right: their own first character sets their direction (so "@" and "." stay in place).
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('in Arabic the page is right-to-left and e-mail addresses keep their own direction', async ({ page }) => {
  await page.addInitScript("localStorage.setItem('playtrack.lang', 'ar')");
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('input[type="email"]')).toHaveCSS('unicode-bidi', 'plaintext');

  await signIn(page, DEMO.superAdmin);
  await page.goto('/main/user');
  const email = page.locator('.MuiDataGrid-cell[data-field="email"]').first();
  await expect(email).toContainText('@');
  await expect(email).toHaveCSS('unicode-bidi', 'plaintext');
});
