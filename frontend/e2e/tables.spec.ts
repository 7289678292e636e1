// Tables that fit: on a 1440 px screen and a 390 px phone every list keeps the page from
// scrolling sideways, its filters inside the screen; a table wider than the screen scrolls under
// its pinned key column with the row actions pinned at the other end, and on the phone the row
// actions are a menu. Which columns show and how dense the rows are follows the reader to a
// reload and to another browser.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { DEMO, signIn, test } from './support';

const LISTS = [
  '/main/user',
  '/main/companyadmin',
  '/main/company',
  '/main/batch',
  '/main/industry',
  '/main/licencedetails',
  '/main/audit',
  '/main/score/skill',
];

/** The box of `locator` (it is on the page). */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${String(locator)} is not on the page`);
  return found;
}

/** The page's width and the window's (typed here: e2e code has no DOM lib). */
function pageWidths(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return { scrollWidth, clientWidth };
  });
}

for (const width of [1440, 390]) {
  test(`every list fits a ${width} px screen, its key column and row actions in view`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, DEMO.superAdmin);
    for (const list of LISTS) {
      await page.goto(list);
      const grid = page.getByRole('grid');
      await expect(grid.getByRole('row').nth(1)).toBeVisible();
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);

      const { scrollWidth, clientWidth } = await pageWidths(page);
      expect(scrollWidth, `${list}: the page does not scroll sideways`).toBeLessThanOrEqual(clientWidth);
      for (const field of await page.locator('main .MuiFormControl-root').all()) {
        const { x, width: fieldWidth } = await box(field);
        expect(x + fieldWidth, `${list}: a filter inside the screen`).toBeLessThanOrEqual(clientWidth);
      }

      // Scrolled to its far end, the table still shows its key column at its start and its
      // row actions inside the screen.
      const scroller = page.locator('.MuiDataGrid-virtualScroller');
      await scroller.evaluate((element: { scrollLeft: number; scrollWidth: number }) => {
        element.scrollLeft = element.scrollWidth;
      });
      const gridBox = await box(grid);
      const key = grid.getByRole('columnheader').first();
      expect(Math.abs((await box(key)).x - gridBox.x), `${list}: the key column is pinned`).toBeLessThanOrEqual(2);
      // A row may have nothing to do (a free seat): the first one that has.
      const actions = grid.locator('.MuiDataGrid-cell[data-field="actions"]').filter({ has: page.getByRole('button') }).first();
      if ((await actions.count()) > 0) {
        const cell = await box(actions);
        expect(cell.x + cell.width, `${list}: the row actions are in view`).toBeLessThanOrEqual(clientWidth);
        const more = actions.getByRole('button', { name: 'more' });
        if (width < 600) {
          await more.click();
          await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
          await page.keyboard.press('Escape');
        } else {
          await expect(actions.getByRole('button').first()).toBeVisible();
        }
      }
    }
  });
}

const TRAINEES = '/companyadmin/user';

async function openTrainees(page: Page) {
  await page.goto(TRAINEES);
  await expect(page.getByRole('grid').getByRole('row', { name: /Arjun Mehta/ })).toBeVisible();
}

async function expectChosenView(page: Page) {
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'E-mail' })).toHaveCount(0);
  await expect(page.locator('.MuiDataGrid-root')).toHaveClass(/MuiDataGrid-root--densityCompact/);
  expect((await box(grid.getByRole('row', { name: /Arjun Mehta/ }))).height).toBeLessThan(45);
}

async function secondBrowser(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test.afterEach(async ({ page }) => {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'playtrack_csrf')?.value;
  if (csrf === undefined) return;
  const reset = await page.request.put('/api/v1/me/preferences/tables/trainees', {
    headers: { 'x-csrf-token': csrf },
    data: { density: 'standard', hidden_columns: [] },
  });
  expect(reset.ok()).toBe(true);
});

test('the columns and density a reader chooses follow them to a reload and another browser', async ({ page, browser, baseURL }) => {
  await signIn(page, DEMO.meridianAdmin);
  await openTrainees(page);
  const grid = page.getByRole('grid');
  const standardRow = (await box(grid.getByRole('row', { name: /Arjun Mehta/ }))).height;

  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Name' })).toBeDisabled();
  const saved = page.waitForResponse((response) => response.url().endsWith('/me/preferences/tables/trainees') && response.ok());
  await page.getByRole('checkbox', { name: 'E-mail' }).click();
  await saved;
  await page.keyboard.press('Escape');
  const compact = page.waitForResponse((response) => response.url().endsWith('/me/preferences/tables/trainees') && response.ok());
  await page.getByRole('button', { name: 'Density' }).click();
  await page.getByRole('menuitem', { name: 'Compact' }).click();
  await compact;
  await expectChosenView(page);
  expect((await box(grid.getByRole('row', { name: /Arjun Mehta/ }))).height).toBeLessThan(standardRow);

  await page.reload();
  await openTrainees(page);
  await expectChosenView(page);

  const other = await secondBrowser(browser, baseURL);
  await signIn(other.page, DEMO.meridianAdmin);
  await openTrainees(other.page);
  await expectChosenView(other.page);
  await other.context.close();
});
