// Tables that fit: on a 1440 px screen and a 390 px phone every list keeps the page from
// scrolling sideways, its filters inside the screen; a table wider than the screen scrolls under
// its pinned key column with the row actions pinned at the other end, and on the phone the row
// actions are a menu. Which columns show and how dense the rows are follows the reader to a
// reload and to another browser.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { chooseLanguage, DEMO, signIn, test } from './support';

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

/** Every list and report a super admin reads, each with its tables. */
const TABLES = [
  '/main/company',
  '/main/batch',
  '/main/industry',
  '/main/companyadmin',
  '/main/user',
  '/main/licencesummary',
  '/main/licencedetails',
  '/main/levelData',
  '/main/apiClients',
  '/main/gameApps',
  '/main/ssoConnections',
  '/main/audit',
  '/main/score',
  '/main/score/skill',
  '/main/score/difficulty',
  '/main/score/lor',
  '/main/score/approach',
  '/main/userdetails',
  '/main/userdetails/absolute',
  '/main/viewlevel',
  '/main/chapterwise',
];

interface TableFit {
  /** Texts cut short with nothing (a title, a label) that holds them whole. */
  cut: string[];
  /** Tables with columns beyond their visible part and no scrollbar in sight to reach them. */
  unreachable: number;
  /** Every date or date-time a cell shows. */
  dates: string[];
  /** Whether the page writes any Arabic-Indic digit. */
  arabicIndicDigits: boolean;
}

/** A date as a cell writes it: numbers split by slashes, dots or dashes (Latin or Arabic-Indic
 * digits), or a month's short name. */
const DATE = (() => {
  const [d, mark, sep] = ['[0-9٠-٩]', '[\u200f\u061c]?', '[/.\\-]'];
  const dayFirst = `${d}{1,2}${mark}${sep}${d}{1,2}${mark}${sep}${d}{4}`;
  const yearFirst = `${d}{4}${mark}${sep}${d}{1,2}${mark}${sep}${d}{1,2}`;
  return String.raw`${dayFirst}|${yearFirst}|\b[A-Z][a-z]{2} \d{1,2}, \d{4}`;
})();

/** What the tables of the page show, read in the browser (e2e code has no DOM lib). */
function tableFit(page: Page): Promise<TableFit> {
  return page.evaluate((datePattern) => {
    interface Rect {
      left: number;
      right: number;
      height: number;
    }
    interface Element {
      textContent: string | null;
      scrollWidth: number;
      clientWidth: number;
      parentElement: Element | null;
      getAttribute(name: string): string | null;
      querySelector(selector: string): Element | null;
      querySelectorAll(selector: string): Iterable<Element>;
      getBoundingClientRect(): Rect;
    }
    const { document, getComputedStyle, innerHeight } = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<Element>; querySelector(selector: string): Element };
      getComputedStyle: (element: Element) => { overflowX: string };
      innerHeight: number;
    };
    const squeeze = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim();
    const CELL = new Set(['gridcell', 'columnheader', 'cell', 'rowheader']);
    const holds = (element: Element, whole: string) =>
      ['title', 'aria-label'].some((name) => squeeze(element.getAttribute(name)).includes(whole));
    /** Whether the element, one in it, or one around it inside its cell holds `whole` in a
     * title or label. */
    const heldWhole = (element: Element, whole: string) => {
      if ([...element.querySelectorAll('[title], [aria-label]')].some((inner) => holds(inner, whole))) return true;
      for (let at: Element | null = element; at !== null; at = at.parentElement) {
        if (holds(at, whole)) return true;
        if (CELL.has(at.getAttribute('role') ?? '') || ['TD', 'TH'].includes((at as unknown as { tagName: string }).tagName)) return false;
      }
      return false;
    };
    const cells = [...document.querySelectorAll('main [role="gridcell"], main [role="columnheader"], main td, main th')];
    const cut: string[] = [];
    for (const cell of cells) {
      for (const element of [cell, ...cell.querySelectorAll('*')]) {
        const whole = squeeze(element.textContent);
        if (whole === '' || element.scrollWidth <= element.clientWidth + 1) continue;
        if (getComputedStyle(element).overflowX === 'visible') continue;
        if (!heldWhole(element, whole)) cut.push(whole);
      }
    }
    // A column beyond the table's visible part needs a scrollbar that shows with the rows: the
    // grid's own, and the grid no taller than the window.
    let unreachable = 0;
    for (const grid of document.querySelectorAll('main .MuiDataGrid-root')) {
      const view = grid.querySelector('.MuiDataGrid-virtualScroller')?.getBoundingClientRect();
      if (!view) continue;
      const beyond = [...grid.querySelectorAll('[role="columnheader"]')].some((header) => {
        const { left, right } = header.getBoundingClientRect();
        return right > view.right + 1 || left < view.left - 1;
      });
      const bar = grid.querySelector('.MuiDataGrid-scrollbar--horizontal')?.getBoundingClientRect();
      const seen = bar !== undefined && bar.height >= 8 && grid.getBoundingClientRect().height <= innerHeight;
      if (beyond && !seen) unreachable += 1;
    }
    const date = new RegExp(datePattern);
    const dates = cells.flatMap((cell) => squeeze(cell.textContent).match(date)?.[0] ?? []);
    const arabicIndicDigits = /[٠-٩]/.test(document.querySelector('main').textContent ?? '');
    return { cut: [...new Set(cut)], unreachable, dates, arabicIndicDigits };
  }, DATE);
}

/** A date's shape: each digit a 9, direction marks left out (`28/11/2026` → `99/99/9999`). */
const shapeOf = (date: string) => date.replace(/[\u200f\u061c]/g, '').replace(/[0-9٠-٩]/g, '9');

for (const language of ['English', 'العربية']) {
  test(`at 1280 × 800 in ${language} every list and report shows each text whole or within reach, and dates one way`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, DEMO.superAdmin);
    await page.goto(TABLES[0] ?? '/');
    if (language !== 'English') await chooseLanguage(page, language);
    const shapes = new Map<string, string>();
    try {
      for (const path of TABLES) {
        await page.goto(path);
        await expect(page.locator('main').getByRole('row').nth(1), path).toBeVisible();
        await expect(page.locator('main .MuiSkeleton-root, main .MuiLinearProgress-root')).toHaveCount(0);
        const fit = await tableFit(page);
        expect.soft(fit.cut, `${path}: texts cut short without their whole in a title`).toEqual([]);
        expect.soft(fit.unreachable, `${path}: columns out of reach`).toBe(0);
        expect.soft(fit.arabicIndicDigits, `${path}: one digit system`).toBe(false);
        for (const date of fit.dates) shapes.set(shapeOf(date), `${path}: ${date}`);
      }
      expect([...shapes.keys()], `one date format: ${[...shapes.values()].join('; ')}`).toEqual(['99/99/9999']);
    } finally {
      if (language !== 'English') await chooseLanguage(page, 'English');
    }
  });
}

test('a text cut short shows whole while its cell has the keyboard focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.superAdmin);
  await page.goto('/main/licencedetails');
  const row = page.getByRole('row', { name: new RegExp(DEMO.invited.name) });
  await row.getByRole('gridcell', { name: DEMO.invited.name }).click();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // The e-mail next to it is cut at 1280 px.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tooltip')).toHaveText(DEMO.invited.email);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});
