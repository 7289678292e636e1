// The game signs a trainee in through the portal, as a native app does: the demo game's
// `login` prints the authorization URL and waits on a loopback port; the trainee signs in
// (password, e-mailed code, licence agreement) and allows the game, which receives its code.
// Then the game's hand-off link opens the portal signed in, once.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, SCREENSHOTS, demoGame, firstUrl, otpFromMail, sessionCookie, signIn, submitSignIn } from './support';

/** An Orbis trainee: Orbis asks every user for an e-mailed code; trainees meet the EULA. */
const TRAINEE = 'marco.bianchi@orbis-mfg.example';
async function handoffLink(baseURL: string): Promise<string> {
  const portal = demoGame(baseURL, ['open-portal']);
  const { code, lines, errors } = await portal.finished();
  expect(code, errors).toBe(0);
  return await firstUrl(lines);
}

async function expectSignedOut(page: Page) {
  expect(await sessionCookie(page)).toBeNull();
}

test('the demo game signs a trainee in through the portal and hands them over once', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const portal = baseURL ?? '';
  const login = demoGame(portal, ['login']);
  try {
    const authorize = await firstUrl(login.lines);
    expect(new URL(authorize).pathname).toBe('/oauth/authorize');

    // Signed out: the portal's own sign-in comes first, with every step it has.
    await page.goto(authorize);
    await expect(page).toHaveURL(/\/login\?next=/);
    const sent = new Date(Date.now() - 1_000);
    await submitSignIn(page, TRAINEE);
    await expect(page).toHaveURL(/\/verify-otp/);
    await page.getByLabel('One-time code').fill(await otpFromMail(TRAINEE, sent));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('dialog', { name: 'End-user licence agreement' }).getByRole('button', { name: 'Accept' }).click();

    // Back at the game's request: the trainee is asked, and allows it.
    await expect(page).toHaveURL(/\/oauth\/authorize\?/);
    await expect(page.getByRole('heading', { name: 'Sign in to Demo game' })).toBeVisible();
    await expect(page.getByText('Check your licence, read the levels and record the levels you play')).toBeVisible();
    await expect(page.getByText(TRAINEE)).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'game-consent-en.png'), fullPage: true });
    await page.getByRole('button', { name: 'Allow' }).click();

    // The browser lands on the game's loopback port; the game has its code and its tokens.
    await expect(page.getByText('The demo game has your sign-in.')).toBeVisible();
    const { code, lines, errors } = await login.finished();
    expect(code, errors).toBe(0);
    expect(lines.join('\n')).toContain(`Signed in to the game as Marco Bianchi <${TRAINEE}> of Orbis Manufacturing`);
  } finally {
    login.kill();
  }

  // The game's hand-off link opens the portal signed in, in a browser that never signed in.
  const link = await handoffLink(portal);
  const fresh = await browser.newContext();
  const landed = await fresh.newPage();
  await landed.goto(link);
  await expect(landed).toHaveURL(/\/dashboard\/crm$/);
  await expect(landed.getByText('Welcome, Marco Bianchi')).toBeVisible();
  expect(await sessionCookie(landed)).not.toBeNull();
  await fresh.close();

  // The same link a second time signs nobody in.
  const again = await browser.newContext();
  const refused = await again.newPage();
  await refused.goto(link);
  await expect(refused.getByText('This game sign-in link has been used, has expired or is not valid.')).toBeVisible();
  await expect(refused).toHaveURL(/\/login/);
  expect(new URL(refused.url()).searchParams.get('token')).toBeNull();
  await expectSignedOut(refused);
  await refused.screenshot({ path: path.join(SCREENSHOTS, 'game-link-used-en.png'), fullPage: true });
  await again.close();
});

test('the super admin registers a game app on the Game apps screen', async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Game apps' }).click();
  await expect(page).toHaveURL(/\/main\/gameApps$/);
  const table = page.getByRole('table', { name: 'Game apps' });
  await expect(table.getByRole('row', { name: /Demo game/ })).toContainText('Demo training game');

  await page.getByRole('button', { name: 'Add game app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a game app' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Warehouse Hero');
  await dialog.getByRole('textbox', { name: 'Redirect URI 1' }).fill('http://localhost:8400/callback');
  await dialog.getByRole('combobox', { name: 'Reports as' }).click();
  await page.getByRole('option', { name: 'Demo training game' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Use 127.0.0.1 or [::1] instead of localhost')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Redirect URI 1' }).fill('com.example.hero:/callback');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row', { name: /Warehouse Hero/ });
  await expect(row).toContainText('com.example.hero:/callback');
  await expect(row).toContainText(/game_[A-Za-z0-9_-]{20,}/);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'game-apps-en.png'), fullPage: true });
});
