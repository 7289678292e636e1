// One browser, several tabs: the session is an HttpOnly cookie, so a tab opened later (or a
// link from a mail) is signed in too, no script of the page can read it, and signing out in
// one tab signs every tab out.
import { expect, test } from '@playwright/test';
import { DEMO, scriptReadable, sessionCookie, signIn } from './support';

test('a second tab is signed in, the session is hidden from scripts, and a logout ends every tab', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.superAdmin);
  const token = await sessionCookie(page);
  expect(token).not.toBeNull();

  const second = await context.newPage();
  await second.goto('/main/company');
  await expect(second).toHaveURL(/\/main\/company$/);
  await expect(second.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
  await expect(second.getByText('Playtrack Admin')).toBeVisible();

  // Only the CSRF token is script-readable; the session's token is nowhere a script can reach.
  for (const tab of [page, second]) {
    const readable = await scriptReadable(tab);
    expect(readable).toContain('playtrack_csrf=');
    expect(readable).not.toContain('playtrack_session');
    expect(readable).not.toContain(token ?? 'no token');
  }

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByText('You have been signed out.')).toBeVisible();

  const third = await context.newPage();
  await third.goto('/dashboard/crm');
  await expect(third).toHaveURL(/\/signin$/);
});

test('a tab whose session ended elsewhere meets a 401 on its next call and goes to sign in', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.meridianAdmin);
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'playtrack_csrf')?.value ?? '';
  // Ended outside any tab of this app (no BroadcastChannel message): the context shares the
  // browser's cookies with this request.
  const out = await page.request.post('/api/v1/auth/logout', { headers: { 'X-CSRF-Token': csrf } });
  expect(out.status()).toBe(204);

  // The tab's next call (whichever comes first: its own session check, or a reload) finds
  // no session and the tab goes to sign in.
  await page.reload();
  await expect(page).toHaveURL(/\/(login|signin)$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
