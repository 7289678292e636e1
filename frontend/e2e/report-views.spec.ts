// Every report view, as each role opens it, in light and dark, English and Arabic, on a 1280 px
// and a 390 px screen: a screenshot of each (test-results/report-views/<role>/<view>-<lang>-
// <theme>-<width>.png), and the journey fails when an element overflows its container, a text is
// cut with no way to read it whole, a percent axis goes past 100, a chart shows neither marks nor
// the shared empty state, or the page logs an error or a missing translation.
//
// The eight looks of a view ({light, dark} × {en, ar} × {1280, 390}) cost a page load each, and
// a load with its checks ~4 s on a 2-core machine: the test run (REPORT_VIEWS_LOOKS unset) sees
// each view in one of four looks chosen so that every pair of values meets once (en/light/1280,
// en/dark/390, ar/light/390, ar/dark/1280), taking them in turn from view to view, so each role
// meets all four; REPORT_VIEWS_LOOKS=pairwise sees every view in all four (~12 min), and
// REPORT_VIEWS_LOOKS=all in all eight, each language and theme loaded once and seen at both
// widths, the viewport resized in place (`just report-views`).
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO, otpFromMail, signIn, submitSignIn, test } from './support';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type Language = 'en' | 'ar';
type Theme = 'light' | 'dark';
type Width = 1280 | 390;

interface Look {
  language: Language;
  theme: Theme;
  /** The widths seen after one load in this language and theme. */
  widths: Width[];
}

const PAIRWISE: Look[] = [
  { language: 'en', theme: 'light', widths: [1280] },
  { language: 'en', theme: 'dark', widths: [390] },
  { language: 'ar', theme: 'light', widths: [390] },
  { language: 'ar', theme: 'dark', widths: [1280] },
];
const ALL: Look[] = (['en', 'ar'] as const).flatMap((language) =>
  (['light', 'dark'] as const).map((theme) => ({ language, theme, widths: [1280, 390] as Width[] })),
);

/** The looks in which the role's `index`-th view is seen. */
function looksOf(index: number): Look[] {
  switch (process.env.REPORT_VIEWS_LOOKS) {
    case 'all':
      return ALL;
    case 'pairwise':
      return PAIRWISE;
    default:
      return PAIRWISE.slice(index % PAIRWISE.length).slice(0, 1);
  }
}

const SHOTS = path.resolve(import.meta.dirname, '../test-results/report-views');
const SOURCE = path.resolve(import.meta.dirname, '../src');

/** The trainee of this journey: an Orbis trainee, so the OTP step too (the Meridian ones are
 * other journeys' first sign-ins). */
const TRAINEE = 'lucia.ferrari@orbis-mfg.example';

interface Role {
  name: string;
  prefix: 'main' | 'companyadmin' | 'user';
  email: string;
}

const ROLES: Role[] = [
  { name: 'super-admin', prefix: 'main', email: DEMO.superAdmin },
  { name: 'company-admin', prefix: 'companyadmin', email: DEMO.meridianAdmin },
  { name: 'trainee', prefix: 'user', email: TRAINEE },
];

/** The report screens as report-screens.ts lists them (read from its source: the app's module
 * imports the generated client, which the journeys' compilation does not have). */
function reportScreens(): { path: string; adminsOnly: boolean }[] {
  const source = fs.readFileSync(path.join(SOURCE, 'features/reports/report-screens.ts'), 'utf8');
  const list = /REPORT_SCREENS[^=]*=\s*\[([\s\S]*?)\n\];/.exec(source)?.[1] ?? '';
  return list
    .split(/\n\s*\{|\{ path/)
    .map((entry) => ({ path: /path: '([^']+)'/.exec(entry)?.[1], adminsOnly: entry.includes('adminsOnly: true') }))
    .filter((screen): screen is { path: string; adminsOnly: boolean } => screen.path !== undefined);
}

const SCREENS = reportScreens();

/** A percent axis is known by its title, in the page's language. */
function percentAxisTitle(language: Language): string {
  const texts = JSON.parse(fs.readFileSync(path.join(SOURCE, 'locales', language, 'reports.json'), 'utf8')) as {
    chart: { percentAxis: string };
  };
  return texts.chart.percentAxis;
}

const sessions = new Map<string, StorageState>();

/** Signs the role in once (per worker) and keeps its cookies and storage for every look. */
async function sessionOf(browser: Browser, role: Role): Promise<StorageState> {
  const kept = sessions.get(role.name);
  if (kept) return kept;
  const context = await browser.newContext();
  const page = await context.newPage();
  if (role.prefix === 'user') {
    const sent = new Date();
    await submitSignIn(page, role.email);
    await expect(page).toHaveURL(/\/verify-otp$/);
    await page.getByLabel('One-time code').fill(await otpFromMail(role.email, sent));
    await page.getByRole('button', { name: 'Verify' }).click();
    // The licence agreement comes at the first sign-in only (a retried run has accepted it).
    const eula = page.getByRole('dialog', { name: 'End-user licence agreement' }).getByRole('button', { name: 'Accept' });
    await expect(eula.or(page.getByRole('heading', { level: 1, name: 'Dashboard' }))).toBeVisible();
    if (await eula.isVisible()) await eula.click();
    await expect(page).toHaveURL(/\/dashboard\/crm$/);
  } else {
    await signIn(page, role.email);
  }
  const state = await context.storageState();
  await context.close();
  sessions.set(role.name, state);
  return state;
}

/** The session with the interface language chosen, as a reader's browser keeps it. */
function inLanguage(state: StorageState, language: Language, origin: string): StorageState {
  const others = state.origins.filter((entry) => entry.origin !== origin);
  const own = state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  return {
    ...state,
    origins: [
      ...others,
      { origin, localStorage: [...own.filter((item) => item.name !== 'playtrack.lang'), { name: 'playtrack.lang', value: language }] },
    ],
  };
}

/** What a page logs that a reader should never cause: errors, and missing translations. */
function watchConsole(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /missing translation/i.test(message.text())) {
      logged.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => logged.push(`page error: ${error.message}`));
  return logged;
}

/** Waits until the report has drawn: its data, its words and its chart in place, fonts loaded. */
async function settled(page: Page) {
  // A busy machine (CI's two cores) can take a while over the first load of a screen's code.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.MuiDataGrid-root')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('figure').first()).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0, { timeout: 10_000 });
  // Charts measure their frame after a resize: two frames for the new layout to be drawn.
  await page.evaluate(async () => {
    const browser = globalThis as unknown as { requestAnimationFrame: (done: () => void) => void; document: { fonts: { ready: Promise<unknown> } } };
    await browser.document.fonts.ready;
    await new Promise<void>((done) => browser.requestAnimationFrame(() => browser.requestAnimationFrame(done)));
  });
}

/** The page's own checks, run in the browser: the problems found, each said in a line. */
function layoutProblems(page: Page, percentTitle: string): Promise<string[]> {
  return page.evaluate(inspectLayout, percentTitle);
}

// The browser's side. The journeys compile without the DOM library, so the little of it used
// here is typed here.
interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}
interface PageElement {
  tagName: string;
  id: string;
  className: string | { baseVal: string };
  textContent: string | null;
  parentElement: PageElement | null;
  childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  scrollWidth: number;
  clientWidth: number;
  ownerSVGElement?: PageElement | null;
  getBoundingClientRect: () => Rect;
  getAttribute: (name: string) => string | null;
  closest: (selector: string) => PageElement | null;
  querySelector: (selector: string) => PageElement | null;
  querySelectorAll: (selector: string) => ArrayLike<PageElement>;
  checkVisibility: (options: { opacityProperty: boolean; visibilityProperty: boolean }) => boolean;
}
interface PageStyle {
  overflowX: string;
  textOverflow: string;
  position: string;
}

function inspectLayout(percentTitle: string): string[] {
  const browser = globalThis as unknown as {
    document: { documentElement: PageElement; body: PageElement };
    getComputedStyle: (element: PageElement) => PageStyle;
  };
  const { documentElement: root, body } = browser.document;
  const problems: string[] = [];
  const classes = (element: PageElement) => (typeof element.className === 'string' ? element.className : element.className.baseVal);
  const text = (element: PageElement) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const name = (element: PageElement) => {
    const own = classes(element).split(' ').find((c) => c.startsWith('Mui') && !c.includes('css-')) ?? '';
    const field = element.closest('[data-field]')?.getAttribute('data-field');
    return `<${element.tagName.toLowerCase()}${own ? `.${own}` : ''}${field ? ` field=${field}` : ''}> "${text(element).slice(0, 60)}"`;
  };
  const TEXT_NODE = 3;
  const clips = (style: PageStyle) => style.overflowX !== 'visible';
  // A box that scrolls sideways: by the browser's bar, or a data grid by its own (shown only
  // when its columns are wider than the grid).
  const gridScroller = (element: PageElement) => classes(element).includes('MuiDataGrid-virtualScroller');
  const scrolls = (element: PageElement, style: PageStyle) =>
    style.overflowX === 'auto' ||
    style.overflowX === 'scroll' ||
    (gridScroller(element) && element.closest('.MuiDataGrid-root')?.querySelector('.MuiDataGrid-scrollbar--horizontal') != null);

  // (1) The page itself never scrolls sideways.
  if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth - root.clientWidth} px wider than the window`);

  const elements = Array.from(body.querySelectorAll('*')).filter(
    (element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      element.getBoundingClientRect().width > 1 &&
      !element.closest('[aria-hidden="true"]'),
  );
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    // (1) An SVG's text beyond the SVG's own box is cut off (an SVG shows nothing outside it).
    if (element.tagName === 'text' && element.ownerSVGElement) {
      const frame = element.ownerSVGElement.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1) {
        problems.push(`chart text cut at the chart's edge: ${name(element)}`);
      }
      continue;
    }
    // A column's resize handle straddles its edge on purpose.
    if (element.ownerSVGElement || classes(element).includes('MuiDataGrid-columnSeparator')) continue;
    const style = browser.getComputedStyle(element);
    // (1) A box beyond the edge of the nearest box that clips it, where that one does not
    // scroll (a grid or a chart too wide for the screen scrolls, and says so with its bar).
    if (style.position !== 'fixed') {
      let container = element.parentElement;
      while (container && container !== body && !clips(browser.getComputedStyle(container))) container = container.parentElement;
      if (container && container !== body) {
        const edge = container.getBoundingClientRect();
        const containerStyle = browser.getComputedStyle(container);
        const beyond = Math.max(edge.left - box.left, box.right - edge.right);
        // A text cut short inside is the next check's.
        const cutText = containerStyle.textOverflow === 'ellipsis';
        if (beyond > 1 && !cutText && !(scrolls(container, containerStyle) && container.scrollWidth > container.clientWidth)) {
          problems.push(`${name(element)} goes ${Math.round(beyond)} px beyond ${name(container)}, which does not scroll`);
        }
      }
    }
    // (2) A text cut short needs its whole in a title or a label (a tooltip's) around it. Judged
    // where the text itself is: a box that clips a child with its own title is that child's case.
    const ownText = Array.from(element.childNodes).some((node) => node.nodeType === TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (ownText && clips(style) && !scrolls(element, style) && !gridScroller(element) && element.scrollWidth > element.clientWidth + 1) {
      const whole = text(element);
      let labelled = false;
      for (let at: PageElement | null = element; at && !labelled; at = at.parentElement) {
        labelled = [at.getAttribute('title'), at.getAttribute('aria-label')].some((label) => label?.includes(whole));
      }
      if (!labelled) {
        const where = element.closest('.MuiDataGrid-root') ? 'in a grid' : 'on the page';
        problems.push(`text cut ${where} with no way to read it whole: ${name(element)}`);
      }
    }
  }

  // (3) A percent axis runs to 100 at most (numbers read in any digits: Arabic uses its own).
  const latin = (label: string) => label.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace(/[٬,\s]/g, '');
  for (const axis of Array.from(body.querySelectorAll('.MuiChartsAxis-root'))) {
    if (text(axis.querySelector('.MuiChartsAxis-label') ?? axis) !== percentTitle) continue;
    for (const tick of Array.from(axis.querySelectorAll('.MuiChartsAxis-tickLabel'))) {
      const numbers = (latin(text(tick)).match(/\d+(\.\d+)?/g) ?? []).map(Number);
      if (numbers.some((value) => value > 100)) problems.push(`a percent axis reads ${text(tick)}`);
    }
  }

  // (4) A chart draws marks, or says in the shared empty state that it has none.
  const marks = '.MuiBarChart-element, .MuiLineChart-line, .MuiLineChart-mark, .MuiRadarChart-seriesArea, td[data-value]';
  for (const figure of Array.from(body.querySelectorAll('figure'))) {
    if (!figure.querySelector('[data-empty-state]') && !figure.querySelector(marks)) {
      problems.push(`a chart with neither marks nor the empty state: ${name(figure)}`);
    }
  }
  return problems;
}

/** The screen's own words (heading, tabs, field labels) not in Arabic on an Arabic page: a part of
 * the texts that did not load falls back to English without any missing-key log. */
async function notInArabic(page: Page): Promise<string[]> {
  const texts = await page.locator('main h1, [role="tab"], main label').allTextContents();
  return texts.filter((text) => /[A-Za-z]/.test(text) && !/\p{Script=Arabic}/u.test(text)).map((text) => `not in Arabic: ${text}`);
}

async function resetAppearance(browser: Browser, state: StorageState) {
  // The theme chosen in the address is saved as the user's: the default again for later journeys.
  const context = await browser.newContext({ storageState: state });
  const csrf = state.cookies.find((cookie) => cookie.name === 'playtrack_csrf')?.value ?? '';
  const reset = await context.request.put('/api/v1/me/preferences/appearance', {
    headers: { 'x-csrf-token': csrf },
    data: { theme_type: 'lite', colour_theme: 'dark-blue', nav_style: 'vertical', layout_type: 'full' },
  });
  await context.close();
  expect(reset.ok()).toBe(true);
}

test('report-screens.ts lists the screens this journey opens', () => {
  expect(SCREENS.length).toBeGreaterThanOrEqual(13);
  expect(SCREENS.filter((screen) => !screen.adminsOnly).length).toBeGreaterThan(0);
});

for (const role of ROLES) {
  test.describe(role.name, () => {
    test.afterAll(async ({ browser }) => {
      const state = sessions.get(role.name);
      if (state) await resetAppearance(browser, state);
    });

    for (const [index, screen] of SCREENS.filter((one) => role.prefix !== 'user' || !one.adminsOnly).entries()) {
      const looks = looksOf(index);
      test(`${screen.path} in ${looks.length === 1 ? 'one look' : 'every look'}`, async ({ browser, baseURL }) => {
        test.setTimeout(30_000 * looks.flatMap((look) => look.widths).length);
        const state = await sessionOf(browser, role);
        const origin = new URL(baseURL ?? '').origin;
        for (const look of looks) {
          const context = await browser.newContext({
            storageState: inLanguage(state, look.language, origin),
            viewport: { width: look.widths[0] ?? 1280, height: 900 },
            reducedMotion: 'reduce',
          });
          const page = await context.newPage();
          const logged = watchConsole(page);
          await page.goto(`/${role.prefix}/${screen.path}?theme=${look.theme}`);
          for (const width of look.widths) {
            const shot = `${screen.path.replace('/', '-')}-${look.language}-${look.theme}-${width}`;
            await test.step(shot, async () => {
              await page.setViewportSize({ width, height: 900 });
              await settled(page);
              await page.screenshot({ path: path.join(SHOTS, role.name, `${shot}.png`), fullPage: true });
              const found = await layoutProblems(page, percentAxisTitle(look.language));
              if (look.language === 'ar') found.push(...(await notInArabic(page)));
              expect.soft([...found, ...logged], shot).toEqual([]);
              logged.length = 0;
            });
          }
          await context.close();
        }
      });
    }
  });
}
