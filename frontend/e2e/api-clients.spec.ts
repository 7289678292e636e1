// The API clients journey: the super admin creates a game client, reads and copies its secret
// the one time it is shown, then finds only its hint on the page; the secret works against the
// game's API. In Arabic the secret is rotated: the new one works, the old one no longer does.
// The client's name carries this run's stamp, so the journey never meets an earlier run's.
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chooseLanguage, DEMO, SCREENSHOTS, scriptReadable, signIn } from './support';

const RUN = Date.now().toString(36);
const NAME = `Arcade game server ${RUN}`;

/** The browser's globals read here, typed since the e2e code is compiled without the DOM lib. */
interface BrowserGlobals {
  navigator: { clipboard: { readText: () => Promise<string> } };
  document: { querySelectorAll: (selector: string) => Iterable<{ value: string }> };
}

/** Waits until one dialog is left and it has faded in: screenshots catch no transition. */
async function dialogSettled(page: Page) {
  await expect(page.locator('.MuiDialog-root')).toHaveCount(1);
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
}

/** An empty batch of attempts sent as the game, with `secret`: the answer's status. */
async function postAttempts(request: APIRequestContext, secret: string): Promise<number> {
  const answer = await request.post('/api/v1/game/attempts', {
    headers: { Authorization: `Bearer ${secret}` },
    data: { attempts: [] },
  });
  return answer.status();
}

/** Whether `secret` can be found anywhere on the page: its markup, the values of its inputs (which
 * the markup does not show), and whatever its scripts can read back. */
async function onPage(page: Page, secret: string): Promise<boolean> {
  const values = await page.evaluate(() =>
    Array.from((globalThis as unknown as BrowserGlobals).document.querySelectorAll('input, textarea'), ({ value }) => value),
  );
  return [await page.content(), ...values, await scriptReadable(page)].some((text) => text.includes(secret));
}

test('a game client’s secret is shown once, works, and only its hint stays', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.superAdmin);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'API clients' }).click();
  await expect(page).toHaveURL(/\/main\/apiClients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API clients' })).toBeVisible();

  await page.getByRole('button', { name: 'Add API client' }).click();
  const form = page.getByRole('dialog', { name: 'Add an API client' });
  await form.getByRole('textbox', { name: 'Name' }).fill(NAME);
  await form.getByRole('radio', { name: /^Game/ }).check();
  await expect(form.getByRole('radio', { name: 'All companies, present and future' })).toBeChecked();
  await expect(form.getByRole('spinbutton', { name: /Rate limit/ })).toHaveValue('1200');
  await form.getByRole('button', { name: 'Create client' }).click();

  const shown = page.getByRole('dialog', { name: `The secret of ${NAME}` });
  await expect(shown.getByText(/It will not be shown again/)).toBeVisible();
  const secret = await shown.getByRole('textbox', { name: 'Secret' }).inputValue();
  expect(secret).toMatch(/^ptk_[\w-]{40,}$/);
  await shown.getByRole('button', { name: 'Copy secret' }).click();
  await expect(shown.getByText('Copied to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText());
  expect(copied).toBe(secret);
  await dialogSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'api-client-secret-en.png') });

  await shown.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toContainText(`…${secret.slice(-4)}`);
  await expect(row).toContainText('Game');
  await expect(row).toContainText('All companies');
  await expect(row).toContainText('Active');
  await expect(row.locator('[data-field="use_count"]')).toHaveText('0');
  expect(await onPage(page, secret)).toBe(false);

  // The game calls with it; the list counts the use.
  expect(await postAttempts(request, secret)).toBe(200);
  await page.reload();
  await expect(row.locator('[data-field="use_count"]')).toHaveText('1');
  expect(await onPage(page, secret)).toBe(false);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'api-clients-en.png'), fullPage: true });

  // In Arabic, a rotation: the new secret is shown once and works, the old one stops at once.
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'عملاء API' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'api-clients-ar.png'), fullPage: true });
  await row.getByRole('button', { name: 'تدوير السر' }).click();
  const confirm = page.getByRole('dialog', { name: `تدوير سر ${NAME}؟` });
  await confirm.getByRole('button', { name: 'تدوير' }).click();
  const rotated = page.getByRole('dialog', { name: `السر الجديد لـ ${NAME}` });
  const newSecret = await rotated.getByRole('textbox', { name: 'السر' }).inputValue();
  expect(newSecret).toMatch(/^ptk_/);
  expect(newSecret).not.toBe(secret);
  await dialogSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'api-client-secret-ar.png') });
  await rotated.getByRole('button', { name: 'لقد حفظت السر' }).click();
  await expect(rotated).toBeHidden();
  await expect(row).toContainText(`…${newSecret.slice(-4)}`);
  expect(await onPage(page, newSecret)).toBe(false);
  expect(await postAttempts(request, secret)).toBe(401);
  expect(await postAttempts(request, newSecret)).toBe(200);
  await chooseLanguage(page, 'English');
});
