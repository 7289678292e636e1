// Joining a batch through its sign-up link: Meridian's admin makes a link on a batch's page, a
// newcomer opens it in a browser signed in nowhere, confirms her address from the mail, chooses
// a password, accepts the EULA and lands on the dashboard; the admin's list counts the use.
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO, SCREENSHOTS, demoPassword, linksInMail, signIn, test } from './support';

/** The bearer header of a demo account signed in over the API. */
async function bearer(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/v1/auth/login', { data: { email, password: demoPassword(email) } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

const NEWCOMER = { name: 'Farah Siddiqui', email: 'farah.siddiqui@meridian-bank.example', password: 'Saffron-kite-58' };

test('a newcomer joins a Meridian batch through its sign-up link and lands on the dashboard', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await bearer(request, DEMO.meridianAdmin);
  const batches = await request.get('/api/v1/batches', { headers: admin });
  const { items } = (await batches.json()) as { items: { id: string; name: string; company_id: string }[] };
  const batch = items[0];
  if (!batch) throw new Error('Meridian has no batch');
  // The provider sells the batch one more seat, so the demo's seats stay for other journeys.
  const today = new Date().toISOString().slice(0, 10);
  const seat = await request.post('/api/v1/licence-allocations', {
    headers: await bearer(request, DEMO.superAdmin),
    data: { company_id: batch.company_id, batch_id: batch.id, seats: 1, valid_from: today, valid_until: `${new Date().getFullYear() + 1}-12-31` },
  });
  expect(seat.status(), await seat.text()).toBe(201);

  await signIn(page, DEMO.meridianAdmin);
  await page.goto(`/companyadmin/batch/edit?id=${batch.id}`);
  await page.getByRole('button', { name: 'New sign-up link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('How many people').fill('5');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'Sign-up link' });
  await expect(linkField).toHaveValue(/\/signup\?key=/);
  const link = new URL(await linkField.inputValue());
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sign-up-link.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const fresh = await browser.newContext();
  try {
    const newcomer = await fresh.newPage();
    await newcomer.goto(`${link.pathname}${link.search}`);
    await expect(newcomer.getByText(`Join ${batch.name} at Meridian Bank`)).toBeVisible();
    await newcomer.getByRole('button', { name: 'Sign up' }).click();
    await expect(newcomer.getByText('Please input your username!')).toBeVisible();
    await newcomer.getByLabel('Name').fill(NEWCOMER.name);
    await newcomer.getByLabel('E-mail').fill(NEWCOMER.email);
    const asked = new Date(Date.now() - 1_000);
    await newcomer.getByRole('button', { name: 'Sign up' }).click();
    await expect(newcomer.getByText(/^Check your inbox/)).toBeVisible();

    const [confirm = ''] = await linksInMail(NEWCOMER.email, asked, '/signup/confirm');
    await newcomer.goto(confirm);
    await expect(newcomer.getByText(NEWCOMER.email)).toBeVisible();
    await newcomer.getByLabel('New password').fill(NEWCOMER.password);
    await newcomer.getByLabel('Confirm password').fill(NEWCOMER.password);
    await newcomer.screenshot({ path: path.join(SCREENSHOTS, 'sign-up-confirm.png'), fullPage: true });
    await newcomer.getByRole('button', { name: 'Save password' }).click();
    const eula = newcomer.getByRole('dialog', { name: 'End-user licence agreement' });
    await eula.getByRole('button', { name: 'Accept' }).click();
    await expect(newcomer).toHaveURL(/\/dashboard\/crm$/);
    await expect(newcomer.getByText(`Welcome, ${NEWCOMER.name} · Trainee`)).toBeVisible();

    // The link is spent: opened again, it says so.
    await newcomer.goto(confirm);
    await expect(newcomer.getByText(/expired or was already used/)).toBeVisible();
  } finally {
    await fresh.close();
  }

  // Her admin sees the use on the batch's page.
  await page.reload();
  await expect(page.getByRole('cell', { name: '1 / 5' })).toBeVisible();
});
