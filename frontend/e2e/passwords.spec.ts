// Journeys of passwords through the mail: a trainee who forgot theirs sets a new one from the
// mailed link, and an invitee whose admin sends the invitation again chooses their first one.
// Sneha and Meera are used by no other journey (Meera is the demo's invited trainee).
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { chooseLanguage, DEMO, demoPassword, linksInMail, SCREENSHOTS, sessionCookie, signIn } from './support';

function hint(page: Page, rule: string) {
  return page.locator(`li[data-rule="${rule}"]`);
}

test('a trainee who forgot their password sets a new one from the mailed link', async ({ page }) => {
  const email = DEMO.trainees.sneha;
  const oldPassword = demoPassword(email);
  const newPassword = 'Tamarind-kite42';

  await page.goto('/login');
  // Once the app has taken the prerendered page over (its sign-in button comes alive).
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await page.getByRole('link', { name: 'Forgot Password ?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // The sign-in form, with its own E-mail field, stays while the new page's code loads.
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  const asked = new Date(Date.now() - 1_000);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/^If an account exists for that address, we have sent a link/)).toBeVisible();

  const [link = ''] = await linksInMail(email, asked, '/new-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();

  // The same page in Arabic, half filled in, for the picture.
  await chooseLanguage(page, 'العربية');
  await expect(page.getByRole('heading', { level: 1, name: 'تعيين كلمة مرور جديدة' })).toBeVisible();
  await page.locator('input[autocomplete="new-password"]').first().fill('Tamarind');
  await expect(hint(page, 'UPPERCASE')).toHaveAttribute('data-met', 'true');
  await expect(hint(page, 'DIGIT')).toHaveAttribute('data-met', 'false');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'new-password-ar.png'), fullPage: true });
  await chooseLanguage(page, 'English');

  await page.getByLabel('New password').fill(newPassword);
  await expect(hint(page, 'DIGIT')).toHaveAttribute('data-met', 'true');
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password changed, sign in with your new password')).toBeVisible();

  // The new password opens a session (through the EULA at this first sign-in).
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('dialog', { name: 'End-user licence agreement' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  await expect(page.getByText('Welcome, Sneha Kulkarni · Trainee')).toBeVisible();

  // The old one no longer does (one deliberate failure for this account).
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(oldPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail or password is not correct.')).toBeVisible();
  expect(await sessionCookie(page)).toBeNull();

  // And the link is spent.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('This link has been used or has expired')).toBeVisible();
});

test("Meridian's admin sends the invitation again, and the invitee accepts it", async ({ page }) => {
  const invitee = DEMO.invited;
  await signIn(page, DEMO.meridianAdmin);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Reset Password' })
    .click();
  await expect(page).toHaveURL(/\/companyadmin\/admin\/resetpassword$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Change my password', selected: true })).toBeVisible();
  await page.getByLabel('New password').fill('Priya');
  await page.getByRole('button', { name: 'Password rules' }).hover();
  await expect(page.getByRole('tooltip')).toContainText('Password must be 10–16 characters');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-change-password-en.png'), fullPage: true });
  await page.getByLabel('New password').fill('');

  // Someone who has already accepted cannot be invited again (no mail is sent)…
  await page.getByRole('tab', { name: 'Send the invitation again' }).click();
  let panel = page.getByRole('tabpanel');
  await panel.getByLabel("User's e-mail").fill(DEMO.trainees.kavya);
  await panel.getByRole('button', { name: 'Send the invitation again' }).click();
  await expect(panel.getByText('This user has already accepted the invitation')).toBeVisible();

  // …and someone who has not has no password to reset: the screen offers the invitation.
  await page.getByRole('tab', { name: 'Send a password reset link' }).click();
  panel = page.getByRole('tabpanel');
  await panel.getByLabel("User's e-mail").fill(invitee.email);
  await panel.getByRole('button', { name: 'Send reset link' }).click();
  const warning = panel.getByRole('alert').filter({ hasText: 'This user has not accepted the invitation yet' });
  await expect(warning).toBeVisible();
  const sent = new Date(Date.now() - 1_000);
  await warning.getByRole('button', { name: 'Send the invitation again' }).click();
  await expect(panel.getByText(`The invitation has been sent again to ${invitee.email}.`)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-reset-password-en.png'), fullPage: true });
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // The resent link is the live one (the demo's own invitation may arrive late, and is dead).
  const links = await linksInMail(invitee.email, sent, '/invitation/confirm-email');
  let live: string | undefined;
  for (const link of links) {
    const token = new URL(link, 'http://localhost').searchParams.get('value') ?? '';
    const answer = await page.request.get(`/api/v1/auth/invitation?token=${encodeURIComponent(token)}`);
    if (answer.ok()) live = link;
  }
  expect(live, 'a live invitation link in the mail').toBeDefined();
  await page.goto(live ?? '');

  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${invitee.name}` })).toBeVisible();
  const password = page.getByLabel('New password');
  const confirm = page.getByLabel('Confirm password');
  await expect(hint(page, 'MINIMUM_LENGTH')).toHaveAttribute('data-met', 'false');
  await expect(hint(page, 'UPPERCASE')).toHaveAttribute('data-met', 'false');
  await expect(confirm).toBeDisabled();

  await password.pressSequentially('Tamarind');
  await expect(hint(page, 'UPPERCASE')).toHaveAttribute('data-met', 'true');
  await expect(hint(page, 'DIGIT')).toHaveAttribute('data-met', 'false');
  await expect(confirm).toBeDisabled();
  await password.pressSequentially('-kite42');
  await expect(hint(page, 'DIGIT')).toHaveAttribute('data-met', 'true');
  await expect(page.locator('li[data-rule][data-met="false"]')).toHaveCount(0);
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'invitation-hints-en.png'), fullPage: true });

  await confirm.fill('Tamarind-kite42');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await page.getByRole('dialog', { name: 'End-user licence agreement' }).getByRole('button', { name: 'Accept' }).click();

  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  await expect(page.getByText(`Welcome, ${invitee.name} · Trainee`)).toBeVisible();
});
