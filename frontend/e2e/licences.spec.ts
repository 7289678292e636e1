// The licence journey: the super admin sets up a new company (industry, country, company, its
// admin, a batch) and buys it three seats; the new admin accepts the mailed invitation, imports
// four trainees — the fourth has no seat left — and finds every seat taken in the summary.
// Every name carries this run's stamp, so the journey never meets an earlier run's records.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, linksInMail, signIn } from './support';

const RUN = Date.now().toString(36);
const COMPANY = `Halcyon Freight ${RUN}`;
const ADMIN = { name: `Lena Ortiz ${RUN}`, email: `lena.ortiz.${RUN}@halcyon-freight.example` };
const BATCH = `Dispatch ${RUN}`;
const ADMIN_PASSWORD = 'Harbour42';
const TRAINEES = ['Omar Haddad', 'Mei Lin', 'Tomás Rivera', 'Anna Berg'].map((name) => ({
  name: `${name} ${RUN}`,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}.${RUN}@halcyon-freight.example`,
}));

/** Types `date` into the date field labelled `label` as an English reader does: day first. */
async function typeDay(page: Page, label: string, date: Date) {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  const [year, month, day] = date.toISOString().slice(0, 10).split('-') as [string, string, string];
  await page.keyboard.type(`${day}${month}${year}`);
  await expect(field.getByRole('spinbutton')).toHaveText([day, month, year]);
}

/** Picks `option` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

async function save(page: Page, list: RegExp) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(list);
}

test('a new company gets three seats, and its admin imports trainees until none is left', async ({ page }) => {
  test.setTimeout(120_000);
  const industry = `Logistics ${RUN}`;
  const country = `Freeport ${RUN}`;
  // A two-letter code no real country (nor the demo) uses, different on each run.
  const isoCode = `X${String.fromCharCode(65 + (Date.now() % 26))}`;

  await signIn(page, DEMO.superAdmin);

  await page.goto('/main/industry/add');
  await field(page, 'Industry name').fill(industry);
  await save(page, /\/main\/industry$/);

  await page.goto('/main/country/add');
  await field(page, 'Country name').fill(country);
  await field(page, 'ISO code').fill(isoCode);
  await save(page, /\/main\/country$/);

  await page.goto('/main/company/add');
  await field(page, 'Company name').fill(COMPANY);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`office.${RUN}@halcyon-freight.example`);
  await field(page, 'Contact person').fill(ADMIN.name);
  await choose(page, 'Industry', industry);
  await choose(page, 'Country', country);
  await field(page, 'Remark').fill('Created by the licence journey.');
  await page.getByRole('spinbutton', { name: 'Session time (minutes)' }).fill('30');
  await save(page, /\/main\/company$/);

  await page.goto('/main/companyadmin/add');
  await field(page, 'Name').fill(ADMIN.name);
  await field(page, 'E-mail').fill(ADMIN.email);
  await choose(page, 'Company', COMPANY);
  const invited = new Date(Date.now() - 1_000);
  await page.getByRole('button', { name: 'Save and send invitation' }).click();
  await expect(page).toHaveURL(/\/main\/companyadmin$/);
  await expect(page.getByText(`${ADMIN.email} has been added and invited by e-mail.`)).toBeVisible();

  await page.goto('/main/batch/add');
  await field(page, 'Batch name').fill(BATCH);
  await choose(page, 'Company', COMPANY);
  await save(page, /\/main\/batch$/);

  const today = new Date();
  const inAYear = new Date(today);
  inAYear.setFullYear(today.getFullYear() + 1);
  await page.goto('/main/licencesummary');
  await page.getByRole('link', { name: 'Add licence' }).click();
  await expect(page).toHaveURL(/\/main\/licencesummary\/add$/);
  await choose(page, 'Company', COMPANY);
  await choose(page, 'Batch', BATCH);
  await field(page, 'Number of seats').fill('3');
  await typeDay(page, 'Valid from', today);
  await typeDay(page, 'Valid until', inAYear);
  await save(page, /\/main\/licencesummary$/);
  const bought = page.getByRole('table', { name: 'Seats per company' }).getByRole('row', { name: new RegExp(COMPANY) });
  await expect(bought.locator('[data-count="purchased"]')).toHaveText('3');
  await expect(bought.locator('[data-count="available"]')).toHaveText('3');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // The new admin accepts the invitation, and is signed in.
  const [link = ''] = await linksInMail(ADMIN.email, invited, '/invitation/confirm-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${ADMIN.name}` })).toBeVisible();
  await page.getByLabel('New password').fill(ADMIN_PASSWORD);
  await page.getByLabel('Confirm password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Activate account' }).click();
  const eula = page.getByRole('dialog', { name: 'End-user licence agreement' });
  await expect(eula.or(page.getByRole('navigation', { name: 'Main navigation' }))).toBeVisible();
  if (await eula.isVisible()) await eula.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);

  // Four trainees for three seats: the check finds the fourth without a seat.
  await page.goto('/companyadmin/user/import');
  const csv = ['name,email,batch', ...TRAINEES.map(({ name, email }) => `${name},${email},${BATCH}`)].join('\n');
  await page.getByLabel('Trainee list (.csv or .xlsx)').setInputFiles({
    name: 'trainees.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv}\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  const rows = page.getByRole('table', { name: 'Rows of the file' }).getByRole('row');
  await expect(rows).toHaveCount(5);
  for (const row of [1, 2, 3]) await expect(rows.nth(row)).toContainText('Ready');
  await expect(rows.nth(4)).toContainText(TRAINEES[3]?.email ?? '');
  await expect(rows.nth(4)).toContainText('No licence seat left');
  await expect(page.getByText('Rows ready to import: 3. Rows with problems: 1.')).toBeVisible();

  await page.getByRole('button', { name: 'Import valid rows (3)' }).click();
  await expect(page.getByText('Trainees imported: 3; invitations sent.')).toBeVisible();

  await page.goto('/companyadmin/licencesummary');
  const mine = page.getByRole('table', { name: 'Seats per company' }).getByRole('row', { name: new RegExp(COMPANY) });
  await expect(mine.locator('[data-count="purchased"]')).toHaveText('3');
  await expect(mine.locator('[data-count="assigned"]')).toHaveText('3');
  await expect(mine.locator('[data-count="available"]')).toHaveText('0');
});
