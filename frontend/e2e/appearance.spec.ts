// The portal's appearance: every theme type × navigation style × layout, set by the query
// parameters on load, lays the company admin's dashboard out without horizontal overflow on a
// 1280 px and a 390 px screen; the choice outlives a reload without the parameters and follows
// the admin to another browser; in Arabic the sidebar and the navigation drawer sit on the right.
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, nothingLoading, SCREENSHOTS, signIn } from './support';

const THEME_TYPES = ['lite', 'semidark', 'dark'] as const;
const NAV_STYLES = ['vertical', 'horizontal', 'fixed', 'drawer', 'mini', 'below-header'] as const;
const LAYOUT_TYPES = ['full', 'boxed', 'framed'] as const;
const WIDTHS = [1280, 390] as const;

type ThemeType = (typeof THEME_TYPES)[number];
type NavStyle = (typeof NAV_STYLES)[number];
type LayoutType = (typeof LAYOUT_TYPES)[number];

/** Pictures of a few combinations, chosen to show each style, layout and theme at least once. */
const PICTURED = new Set([
  'lite-vertical-full-1280',
  'semidark-below-header-boxed-1280',
  'dark-horizontal-framed-1280',
  'dark-mini-full-1280',
  'semidark-fixed-framed-390',
  'lite-drawer-boxed-390',
]);

/** The page's and the header's background per theme type (the default dark-blue colour theme). */
const COLOURS: Record<ThemeType, { page: string; header: string }> = {
  lite: { page: 'rgb(244, 246, 251)', header: 'rgb(57, 73, 171)' },
  semidark: { page: 'rgb(244, 246, 251)', header: 'rgb(31, 42, 68)' },
  dark: { page: 'rgb(18, 18, 18)', header: 'rgb(30, 30, 30)' },
};

// The demo admin's saved appearance is the later journeys' too: back to the default after each.
test.afterEach(async ({ page }) => {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'playtrack_csrf')?.value;
  if (csrf === undefined) return;
  const reset = await page.request.put('/api/v1/me/preferences/appearance', {
    headers: { 'x-csrf-token': csrf },
    data: { theme_type: 'lite', colour_theme: 'dark-blue', nav_style: 'vertical', layout_type: 'full' },
  });
  expect(reset.ok()).toBe(true);
});

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const header = (page: Page) => page.getByRole('banner');

async function openDashboard(page: Page, query: string) {
  await page.goto(`/dashboard/crm${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Progress per batch' })).toBeVisible();
  await nothingLoading(page);
}

/** The page's width and the window's, scroll bar aside (typed here: e2e code has no DOM lib). */
function widths(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return { scrollWidth, clientWidth };
  });
}

/** What shows the navigation style took effect (below 992 px every style is the drawer). */
async function expectNavigation(page: Page, navStyle: NavStyle, width: number) {
  const style = width < 992 ? 'drawer' : navStyle;
  if (style === 'drawer') {
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(navigation(page)).toBeHidden();
  } else if (style === 'horizontal') {
    await expect(header(page).getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  } else {
    await expect(navigation(page)).toBeVisible();
    await expect(header(page).getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Expand the navigation' })).toHaveCount(style === 'mini' ? 1 : 0);
  }
}

/** The layout took effect: the content reaches the window's edge only at full width. */
async function expectLayout(page: Page, layoutType: LayoutType) {
  const main = await page.locator('main').boundingBox();
  const gap = (await widths(page)).clientWidth - (main ? main.x + main.width : 0);
  if (layoutType === 'full') expect(gap).toBeLessThan(1);
  else expect(gap).toBeGreaterThanOrEqual(8);
}

/** Every navigation style × layout of one theme type, on both screens. */
async function checkThemeType(page: Page, themeType: ThemeType) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const navStyle of NAV_STYLES) {
      for (const layoutType of LAYOUT_TYPES) {
        const name = `${themeType}-${navStyle}-${layoutType}-${width}`;
        await test.step(name, async () => {
          await openDashboard(page, `?theme=${themeType}&nav-style=${navStyle}&layout-type=${layoutType}`);
          const { scrollWidth, clientWidth } = await widths(page);
          expect.soft(scrollWidth, `${name}: no horizontal overflow`).toBeLessThanOrEqual(clientWidth);
          await expect.soft(page.locator('body')).toHaveCSS('background-color', COLOURS[themeType].page);
          await expect.soft(header(page)).toHaveCSS('background-color', COLOURS[themeType].header);
          await expectNavigation(page, navStyle, width);
          if (width >= 992) await expectLayout(page, layoutType);
          if (PICTURED.has(name)) {
            await page.screenshot({ path: path.join(SCREENSHOTS, `appearance-${name}.png`), fullPage: true });
          }
        });
      }
    }
  }
}

test('every theme type × navigation style × layout fits the dashboard on 1280 px and 390 px', async ({
  page,
  context,
}) => {
  // 108 page loads after a single sign-in: a tab per theme type, side by side (each load names
  // all three settings, so the tabs' shared localStorage does not matter).
  test.setTimeout(240_000);
  await signIn(page, DEMO.meridianAdmin);
  await Promise.all(
    THEME_TYPES.map(async (themeType, index) => checkThemeType(index === 0 ? page : await context.newPage(), themeType)),
  );
});

test('the query parameters are kept: a reload without them, and another browser, show the same appearance', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.meridianAdmin);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDashboard(page, '?theme=dark&colour-theme=orange&nav-style=horizontal&layout-type=boxed');

  await openDashboard(page, '');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await expect(page.locator('body')).toHaveCSS('background-color', COLOURS.dark.page);
  await expectNavigation(page, 'horizontal', 1280);
  await expectLayout(page, 'boxed');
  // The dark orange theme's primary colour marks the current screen's link.
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Open the report' }).first()).toHaveCSS('color', 'rgb(255, 183, 77)');

  // The settings panel shows the kept choices, and a report's grid reads in the dark theme.
  await page.getByRole('button', { name: 'Appearance settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Appearance' });
  await expect(panel.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Orange', exact: true })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Horizontal menu' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Boxed' })).toBeChecked();
  await expect(page.locator('.MuiDrawer-paper')).toHaveCSS('transform', 'none');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'appearance-panel-dark-en.png') });
  await page.keyboard.press('Escape');

  await page.goto('/companyadmin/score');
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'appearance-report-dark-en.png'), fullPage: true });

  // Another browser, where the admin never chose: signing in brings the saved appearance.
  const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const other = await elsewhere.newPage();
    await signIn(other, DEMO.meridianAdmin);
    await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(other.locator('body')).toHaveCSS('background-color', COLOURS.dark.page);
    await expectNavigation(other, 'horizontal', 1280);
    await expectLayout(other, 'boxed');
  } finally {
    await elsewhere.close();
  }
});

test('in Arabic the sidebar and the navigation drawer sit on the right', async ({ page }) => {
  await page.addInitScript("localStorage.setItem('playtrack.lang', 'ar')");
  await signIn(page, DEMO.meridianAdmin);
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
  const centre = async () => {
    const box = await nav.boundingBox();
    return box ? box.x + box.width / 2 : 0;
  };

  await page.goto('/dashboard/crm?theme=semidark&nav-style=mini&layout-type=full');
  await expect(nav).toBeVisible();
  expect(await centre()).toBeGreaterThan(1280 / 2);

  await page.goto('/dashboard/crm?nav-style=drawer');
  await page.getByRole('button', { name: 'فتح قائمة التنقل' }).click();
  await expect(page.locator('.MuiDrawer-paper')).toHaveCSS('transform', 'none');
  expect(await centre()).toBeGreaterThan(1280 / 2);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'appearance-drawer-ar.png') });
});
