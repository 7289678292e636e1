// Journeys of signing in and out with the demo accounts: each role lands on its dashboard with
// its sidebar, a trainee meets the EULA, the Orbis admin reads the e-mailed code, a trainee is
// kept out of admin screens, and a logout revokes the session on the server.
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  chooseLanguage,
  DEMO,
  nothingLoading,
  otpFromMail,
  SCREENSHOTS,
  sessionCookie,
  signIn,
  submitSignIn,
} from './support';

function sidebarLinks(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
}

function eulaDialog(page: Page, title = 'End-user licence agreement') {
  return page.getByRole('dialog', { name: title });
}

test('the super admin lands on the dashboard with the whole sidebar', async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, DEMO.superAdmin);

  await expect(page.getByText('Signed in. Opening your dashboard…')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Welcome, Playtrack Admin · Super admin')).toBeVisible();
  await expect(sidebarLinks(page)).toHaveText([
    'Dashboard',
    'Company',
    'Batch',
    'Industry',
    'Country',
    'Company admin',
    'User',
    'Scores',
    'Level data',
    'API clients',
    'Game apps',
    'Single sign-on',
    'Audit log',
    'Reset Password',
  ]);
  await expect(page.getByRole('button', { name: 'Licence' })).toBeVisible();
  // The demo has two companies (the licence journey may have added one); every count is a
  // number once loaded.
  await expect(page.getByRole('heading', { name: 'Companies', exact: true }).locator('..')).toHaveText(/^Companies\s*[2-9]$/);
  await nothingLoading(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-super-admin-en.png'), fullPage: true });

  await page.getByRole('link', { name: 'Scores', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/score$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scores' })).toBeVisible();
});

test("Meridian's company admin signs in without a code and sees the company admin sidebar", async ({
  page,
}) => {
  await signIn(page, DEMO.meridianAdmin);

  await expect(page.getByText('Welcome, Priya Nair · Company admin')).toBeVisible();
  await expect(sidebarLinks(page)).toHaveText([
    'Dashboard',
    'Company',
    'Batch',
    'Licence Summary',
    'Licence Details',
    'Company admin',
    'User',
    'Scores',
    'Single sign-on',
    'Audit log',
    'Reset Password',
  ]);

  // Below 992 px the sidebar becomes a drawer opened from the header.
  await page.setViewportSize({ width: 800, height: 720 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(sidebarLinks(page)).toHaveCount(11);
  await expect(page.locator('.MuiDrawer-paper')).toHaveCSS('transform', 'none');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'drawer-company-admin-en.png') });
  await sidebarLinks(page).filter({ hasText: 'Batch' }).click();
  await expect(page).toHaveURL(/\/companyadmin\/batch$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
});

test('a trainee meets the EULA: Decline stays signed out, Accept gets in', async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, DEMO.trainees.arjun);

  const dialog = eulaDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('One person per licence');
  // Neither Escape nor a click beside the dialog dismisses it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You declined the licence agreement, so you are not signed in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionCookie(page)).toBeNull();

  await submitSignIn(page, DEMO.trainees.arjun);
  await eulaDialog(page).getByRole('button', { name: 'Accept' }).click();

  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  expect(await sessionCookie(page)).not.toBeNull();
  await expect(page.getByText('Welcome, Arjun Mehta · Trainee')).toBeVisible();
  await expect(sidebarLinks(page)).toHaveText(['Dashboard', 'Scores', 'Reset Password']);
  await expect(page.getByRole('heading', { name: 'Your game attempts' })).toBeVisible();
});

test('in Arabic the EULA is in Arabic and the shell is right-to-left', async ({ page }) => {
  await page.goto('/login');
  await chooseLanguage(page, 'العربية');
  await submitSignIn(page, DEMO.trainees.rohan);

  const dialog = eulaDialog(page, 'اتفاقية ترخيص المستخدم النهائي');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('شخص واحد لكل ترخيص');
  // Let the dialog finish fading in before the picture.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'eula-trainee-ar.png') });

  await dialog.getByRole('button', { name: 'أوافق' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
  await expect(nav.getByRole('link')).toHaveText(['لوحة المعلومات', 'النتائج', 'إعادة تعيين كلمة المرور']);
  // The sidebar sits on the right in Arabic.
  const box = await nav.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x + box.width / 2).toBeGreaterThan(width / 2);
  await nothingLoading(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard-trainee-ar.png'), fullPage: true });
});

test("Orbis's company admin enters the code from the mail", async ({ page }) => {
  await page.goto('/login');
  const sent = new Date(Date.now() - 1_000);
  await submitSignIn(page, DEMO.orbisAdmin);

  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'verify-otp-en.png'), fullPage: true });

  const code = await otpFromMail(DEMO.orbisAdmin, sent);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('Signed in. Opening your dashboard…')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  await expect(page.getByText('Welcome, Giulia Romano · Company admin')).toBeVisible();
});

test("a signed-in trainee typing a super admin's address lands on /access-denied", async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, DEMO.trainees.kavya);
  await eulaDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);

  await page.goto('/main/company');

  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

test('logout from the popover returns to /login and the old session cookie stops working', async ({ page }) => {
  await signIn(page, DEMO.meridianAdmin);
  const token = await sessionCookie(page);
  expect(token).not.toBeNull();

  await page.getByRole('button', { name: 'Account of Priya Nair' }).click();
  const popover = page.getByRole('dialog', { name: 'Account' });
  await expect(popover).toContainText('priya.nair@meridian-bank.example');
  await expect(popover).toContainText('Company admin');
  await expect(popover).toHaveCSS('opacity', '1');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'user-popover-en.png') });
  await popover.getByRole('link', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  expect(await sessionCookie(page)).toBeNull();
  const check = await page.request.get('/api/v1/me', { headers: { Cookie: `playtrack_session=${token ?? ''}` } });
  expect(check.status()).toBe(401);
});
