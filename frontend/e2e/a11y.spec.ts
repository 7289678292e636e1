// Accessibility of every main screen: an axe-core scan (WCAG 2.0/2.1 A and AA rules) of the
// public pages and of each role's sidebar screens, in the lite and the dark theme, must find no
// serious or critical violation; the skip link is the first stop of the keyboard; and a reader who
// asked for less motion gets none.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, nothingLoading, signIn, submitSignIn } from './support';

// A role's test scans each of its screens once per theme, a second or two each.
test.describe.configure({ timeout: 120_000 });

const THEMES = ['lite', 'dark'] as const;
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Scans the page as it is now; a serious or critical violation fails the test at its end, so
 * one run lists them all. */
async function scan(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const found = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, nodes }) => `${id} (${impact}): ${nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect.soft(found, `serious or critical violations on ${screen}`).toEqual([]);
}

/** Opens a screen in a theme (a full load: the theme is read on load) and waits for its content. */
async function open(page: Page, path: string, theme: string) {
  await page.goto(`${path}?theme=${theme}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nothingLoading(page);
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** Unfolds the sidebar's groups, so that all its links show. */
async function unfoldSidebar(page: Page) {
  const folded = sidebar(page).getByRole('button', { expanded: false });
  while ((await folded.count()) > 0) await folded.first().click();
}

/** An element as the page's own scripts see it (the e2e code is compiled without the DOM lib). */
interface Marked {
  dataset: Record<string, string>;
}

/** Follows the sidebar to a screen (quicker than a load) and waits for its content: its own
 * heading, as the last screen's stays while the new one's code loads, and no loading indicator. */
async function follow(page: Page, path: string) {
  await page.getByRole('heading', { level: 1 }).evaluate((heading: Marked) => {
    heading.dataset.left = '';
  });
  await sidebar(page).locator(`a[href="${path}"]`).click();
  await expect(page.locator('h1:not([data-left])')).toBeVisible();
  await nothingLoading(page);
}

/** Scans every screen the signed-in role's sidebar leads to, in each theme. */
async function scanSidebarScreens(page: Page) {
  await unfoldSidebar(page);
  const links = await sidebar(page).getByRole('link').all();
  const [first = '', ...others] = await Promise.all(links.map(async (link) => (await link.getAttribute('href')) ?? ''));
  expect(others.length).toBeGreaterThan(0);
  for (const theme of THEMES) {
    await open(page, first, theme);
    await unfoldSidebar(page);
    await scan(page, `${first} (${theme})`);
    for (const path of others) {
      await follow(page, path);
      await scan(page, `${path} (${theme})`);
    }
  }
}

test('the public pages', async ({ page }) => {
  for (const theme of THEMES) {
    for (const path of ['/login', '/reset-password']) {
      await open(page, path, theme);
      // The prerendered sign-in page: scanned once the app has taken it over and its buttons
      // have finished fading from disabled to enabled.
      await expect(page.getByRole('button', { disabled: true })).toHaveCount(0);
      await page.waitForFunction(
        () => (globalThis as unknown as { document: { getAnimations(): unknown[] } }).document.getAnimations().length === 0,
      );
      await scan(page, `${path} (${theme})`);
    }
  }
});

test("the super admin's screens", async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  await scanSidebarScreens(page);
});

test("the company admin's screens", async ({ page }) => {
  await signIn(page, DEMO.meridianAdmin);
  await scanSidebarScreens(page);
});

test("the trainee's screens, and the licence agreement before them", async ({ page }) => {
  await submitSignIn(page, DEMO.trainees.ananya);
  const eula = page.getByRole('dialog');
  await expect(eula.getByRole('button', { name: 'Accept' })).toBeVisible();
  // Half faded in, its text would measure paler than it is.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await scan(page, 'the licence agreement (lite)');
  await eula.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);
  await scanSidebarScreens(page);
});

test('Tab first reaches the skip link, which moves the focus to the main content', async ({ page }) => {
  await signIn(page, DEMO.meridianAdmin);
  await page.goto('/companyadmin/batch');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(skip).not.toBeInViewport();
});

test('a reader who asked for less motion sees panels appear at once; others see them slide', async ({ browser }) => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    const context = await browser.newContext({ reducedMotion });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login with SSO' }).click();
      const panel = page.locator('.MuiCollapse-root', { has: page.getByRole('form', { name: 'Single sign-on' }) });
      await expect(panel, reducedMotion).toHaveCSS('transition-duration', reducedMotion === 'reduce' ? '0s' : /[1-9]/);
    } finally {
      await context.close();
    }
  }
});
