// Signing in with the company's identity provider: the super admin connects Meridian Bank to a
// real OpenID Connect provider on loopback (tools/oidc, started by playwright.config.ts), and a
// Meridian employee nobody registered yet signs in through the provider's own login page, is
// made a trainee of the chosen batch with a seat, accepts the EULA and lands on the dashboard.
// Then the demo game signs her in through the portal, and the portal through her provider.
import path from 'node:path';
import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { DEMO, SCREENSHOTS, demoGame, demoPassword, firstUrl, test } from './support';

const NADIA = { login: 'nadia', email: 'nadia.khan@meridian-bank.example' };

/** The super admin's bearer header, signed in over the API. */
async function superAdmin(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: DEMO.superAdmin, password: demoPassword(DEMO.superAdmin) },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

async function firstId(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<string> {
  const answer = await request.get(url, { headers });
  expect(answer.ok(), url).toBe(true);
  const { items } = (await answer.json()) as { items: { id: string }[] };
  const first = items[0];
  if (!first) throw new Error(`${url} is empty`);
  return first.id;
}

/** From the portal's sign-in page through "Login with SSO" and the provider's login form. */
async function signInAtProvider(page: Page, issuer: string): Promise<void> {
  await page.getByRole('button', { name: 'Login with SSO' }).click();
  // The SSO form slides open: a click before Continue is uncovered lands on the form around it.
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeInViewport({ ratio: 1 });
  await page.getByLabel('Work e-mail').fill(NADIA.email);
  // The portal asks the provider for its metadata before it answers (up to its own 10 s
  // limit), so the journey waits for that answer, and says what it was when it refuses.
  const started = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/sso/start'));
  await next.click();
  const start = await started;
  // (A 200's body is gone once the browser has left for the provider; a refusal's stays.)
  if (start.status() !== 200) throw new Error(`the SSO start answered ${start.status()}: ${await start.text()}`);

  // The provider's own login page (oidc-provider's development form).
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(NADIA.login);
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a new Meridian employee signs in through the provider, becomes a trainee, and plays', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const issuer = process.env.E2E_OIDC_ISSUER;
  test.skip(issuer === undefined, 'the provider runs only when playwright.config.ts starts the servers');
  const headers = await superAdmin(request);
  const company = await firstId(request, '/api/v1/companies?q=Meridian', headers);
  const batch = await firstId(request, `/api/v1/batches?company_id=${company}`, headers);
  const connection = `/api/v1/companies/${company}/sso-connection`;
  const saved = await request.put(connection, {
    headers,
    data: {
      issuer,
      client_id: 'playtrack-e2e',
      client_secret: 'playtrack-e2e-provider-secret',
      email_claim: 'email',
      domains: ['meridian-bank.example'],
      create_users: true,
      batch_id: batch,
      assign_seat: true,
      password_sign_in: true,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  try {
    await page.goto('/login');
    await signInAtProvider(page, issuer ?? '');

    // Back at the portal: a new trainee meets the licence agreement first.
    const eula = page.getByRole('dialog', { name: 'End-user licence agreement' });
    await expect(eula).toBeVisible();
    expect(new URL(page.url()).search, 'the one-time code left the address bar').toBe('');
    await eula.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/dashboard\/crm$/);
    await expect(page.getByText('Welcome, Nadia Khan · Trainee')).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'sso-dashboard.png') });

    // The company's admin finds her in the batch, active, holding a seat.
    const people = await request.get(`/api/v1/users?q=nadia.khan&company_id=${company}`, { headers });
    const listed = (await people.json()) as { items: { email: string; status: string }[] };
    expect(listed.items).toEqual([expect.objectContaining({ email: NADIA.email, status: 'active' })]);
    const members = await request.get(`/api/v1/batches/${batch}/members?per_page=200`, { headers });
    expect(await members.text()).toContain(NADIA.email);

    // In a browser signed in nowhere, the game's sign-in goes through the portal's SSO.
    const game = demoGame(baseURL ?? '', ['login']);
    const fresh = await browser.newContext();
    try {
      const player = await fresh.newPage();
      await player.goto(await firstUrl(game.lines));
      await expect(player).toHaveURL(/\/login\?next=/);
      await signInAtProvider(player, issuer ?? '');
      await expect(player).toHaveURL(/\/oauth\/authorize\?/);
      await expect(player.getByText(NADIA.email)).toBeVisible();
      await player.getByRole('button', { name: 'Allow' }).click();
      await expect(player.getByText('The demo game has your sign-in.')).toBeVisible();
      const { code, lines, errors } = await game.finished();
      expect(code, errors).toBe(0);
      expect(lines.join('\n')).toContain(`Signed in to the game as Nadia Khan <${NADIA.email}> of Meridian Bank`);
    } finally {
      game.kill();
      await fresh.close();
    }
  } finally {
    await request.delete(connection, { headers });
  }
});
