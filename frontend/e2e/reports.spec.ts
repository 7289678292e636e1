// Score reports in the browser: a company admin opens every view, narrows one to a batch, sees
// its chart and downloads it as CSV and XLSX (the files are opened and a known cell checked
// against the API); a trainee sees only their own rows; the Arabic skill view is right-to-left.
import path from 'node:path';
import { expect, type Download, type Page, test } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { DEMO, SCREENSHOTS, signIn, submitSignIn } from './support';

/** Meridian's second batch and one of its trainees (who played in the demo). */
const BATCH = 'Relationship managers';
const TRAINEE = { email: 'vikram.rao@meridian-bank.example', name: 'Vikram Rao' };

const VIEWS = [
  'score',
  'score/absolute',
  'score/skill',
  'score/difficulty',
  'score/lor',
  'score/approach',
  'userdetails',
  'userdetails/absolute',
  'userdetails/approach',
  'viewlevel',
  'viewlevel/absolute',
  'chapterwise',
  'chapterwise/absolute',
];

const grid = (page: Page) => page.locator('.MuiDataGrid-root');
const rows = (page: Page) => grid(page).locator('.MuiDataGrid-row');

async function bytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function download(page: Page, name: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return bytes(file);
}

test('a company admin opens every view, filters to a batch, sees its chart and downloads it', async ({ page }) => {
  // Thirteen screens, two downloads.
  test.setTimeout(120_000);
  await signIn(page, DEMO.meridianAdmin);
  for (const view of VIEWS) {
    await page.goto(`/companyadmin/${view}`);
    await expect(rows(page).first(), view).toBeVisible();
  }

  await page.goto('/companyadmin/score/skill');
  await page.getByRole('combobox', { name: 'Batch' }).click();
  await page.getByRole('option', { name: BATCH }).click();
  await expect(page).toHaveURL(/[?&]batch=/);
  await expect(rows(page).filter({ hasText: TRAINEE.name })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'Arjun Mehta' })).toHaveCount(0);
  await expect(page.locator('.MuiChartsSurface-root svg').first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'report-skill-batch-en.png'), fullPage: true });

  // The known cell: the trainee's first skill, as the API answers it for the same filters.
  const query = new URL(page.url()).search;
  const api = await page.request.get(`/api/v1/reports/scores${query}${query ? '&' : '?'}view=skill&per_page=200`);
  const report = (await api.json()) as {
    columns: { key: string; label: string }[];
    rows: { label: string; cells: (number | null)[] }[];
  };
  const row = report.rows.find((r) => r.label === TRAINEE.name);
  expect(row, JSON.stringify(report)).toBeDefined();
  const column = report.columns.findIndex((_, i) => row?.cells[i] != null);
  const expected = row?.cells[column] ?? Number.NaN;

  const csv = (await download(page, 'CSV')).toString('utf8').trim().split('\n');
  expect(csv[0]).toContain(report.columns[column]?.label ?? '?');
  const line = csv.find((l) => l.startsWith(TRAINEE.name))?.split(',') ?? [];
  expect(Number(line[column + 1])).toBeCloseTo(expected, 1);
  expect(csv.length - 1).toBe(report.rows.length);

  const files = unzipSync(new Uint8Array(await download(page, 'Excel (XLSX)')));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
  const xlsxRow = sheet.split('<row ').find((r) => r.includes(`>${TRAINEE.name}<`)) ?? '';
  const cells = [...xlsxRow.matchAll(/<c r="([A-Z]+)\d+"[^>]*>(?:<v>([^<]*)<\/v>)?/g)];
  const cell = cells.find(([, letter]) => letter === String.fromCharCode('B'.charCodeAt(0) + column));
  expect(Number(cell?.[2])).toBeCloseTo(expected, 6);
});

test('a trainee sees only their own rows', async ({ page }) => {
  await submitSignIn(page, TRAINEE.email);
  await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);

  await page.goto('/user/userdetails');
  await expect(rows(page).first()).toBeVisible();
  const trainees = await grid(page).locator('.MuiDataGrid-cell[data-field="trainee"]').allInnerTexts();
  expect(new Set(trainees)).toEqual(new Set([TRAINEE.name]));

  // Asking for a colleague's rows answers the trainee's own again.
  await page.goto('/user/score?group=trainee');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(TRAINEE.name);
});

test('the Arabic skill view reads right to left', async ({ page }) => {
  await page.addInitScript("localStorage.setItem('playtrack.lang', 'ar')");
  await signIn(page, DEMO.meridianAdmin);
  await page.goto('/companyadmin/score/skill');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(rows(page).first()).toBeVisible();
  await expect(grid(page)).toHaveCSS('direction', 'rtl');
  await expect(page.locator('.MuiChartsSurface-root svg').first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'report-skill-ar.png'), fullPage: true });
});
