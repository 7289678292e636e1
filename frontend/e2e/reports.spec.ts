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
  // The workbook keeps a percent as a share, formatted 0.0%.
  expect(Number(cell?.[2])).toBeCloseTo(expected / 100, 8);
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

/** The numbers on the charts' value axes (left, or right in Arabic). */
async function valueTicks(page: Page): Promise<number[]> {
  const texts = await page.locator('svg .MuiChartsAxis-directionY .MuiChartsAxis-tickLabel').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

test('no percent axis goes past 100, and the attempts chart names each day or week once', async ({ page }) => {
  await signIn(page, DEMO.meridianAdmin);
  for (const view of ['score/difficulty', 'score/approach', 'score/lor', 'chapterwise']) {
    await page.goto(`/companyadmin/${view}`);
    await expect(rows(page).first(), view).toBeVisible();
    await expect(page.locator('svg .MuiChartsAxis-directionY').first(), view).toBeVisible();
    const ticks = await valueTicks(page);
    expect(ticks.length, view).toBeGreaterThan(1);
    expect(Math.max(...ticks), view).toBe(100);
  }

  await page.goto('/companyadmin/userdetails');
  await expect(rows(page).first()).toBeVisible();
  const days = await page.locator('svg .MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').allTextContents();
  expect(days.length).toBeGreaterThan(0);
  expect(new Set(days).size).toBe(days.length);
  expect(Math.max(...(await valueTicks(page)))).toBe(100);
});

test('on a phone, the filters wait behind one button and the active tab is in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.meridianAdmin);
  await page.goto('/companyadmin/chapterwise');
  await expect(rows(page).first()).toBeVisible();

  // The chart starts above the fold; the filters are not on the page until asked for.
  const filters = page.getByRole('button', { name: 'Filters (0)' });
  await expect(filters).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Batch' })).toHaveCount(0);
  const chart = await page.getByRole('figure').first().boundingBox();
  expect(chart?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(844 - 100);

  // The active tab, the last of four, is wholly inside the part of its bar that shows.
  const bar = await page.locator('.MuiTabs-scroller').first().boundingBox();
  const active = await page.getByRole('tab', { selected: true }).first().boundingBox();
  expect(active && bar && active.x >= bar.x - 1 && active.x + active.width <= bar.x + bar.width + 1, JSON.stringify({ bar, active })).toBe(true);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'report-chapterwise-phone-en.png') });

  await filters.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('combobox', { name: 'Batch' }).click();
  await page.getByRole('option', { name: BATCH }).click();
  await expect(page).toHaveURL(/[?&]batch=/);
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
});

test('an edit screen opened without its record goes back to its list and says why', async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  for (const [url, list] of [
    ['/main/company/edit', '/main/company'],
    ['/main/user/edit', '/main/user'],
    [`/main/batch/edit?id=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, '/main/batch'],
  ] as const) {
    await page.goto(url);
    await expect(page, url).toHaveURL(new RegExp(`${list}$`));
    await expect(page.getByText('That record was not found (its link may be old or incomplete), so here is the list.')).toBeVisible();
  }
});
