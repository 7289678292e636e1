// Every language on the signed-in screens: the sidebar, the dashboard and a score report, in
// each of the six languages, show no text that is missing (i18next says so on the console)
// and no raw key where a text should be; and on a wide screen and a phone's, the skill radars'
// names fit inside their charts and every bar of a bar chart shows its name.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './support';

const LANGUAGES = ['en', 'zh', 'ar', 'it', 'es', 'fr'] as const;

/** A key i18next shows when it has no text: `namespace:some.key` or `some.nested.key`. */
const RAW_KEY = /\b[a-z][a-zA-Z]*:[a-z][a-zA-Z]*(\.[a-zA-Z_]+)+\b|\b[a-z][a-zA-Z]*(\.[a-z][a-zA-Z_]*){2,}\b/;

async function shownText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** How many bars on the page's bar charts show no name under them: a band axis has a tick at
 * each bar's two edges, and a name between them unless the chart dropped it for want of room. */
async function unnamedBars(page: Page): Promise<number> {
  const axes = page.locator('svg .MuiChartsAxis-directionX');
  let unnamed = 0;
  for (const axis of await axes.all()) {
    const bars = (await axis.locator('.MuiChartsAxis-tickContainer').count()) - 1;
    unnamed += bars - (await axis.locator('.MuiChartsAxis-tickLabel').count());
  }
  return unnamed;
}

/** A box as the page's own scripts see it (the e2e code is compiled without the DOM lib). */
interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface Drawn {
  textContent: string | null;
  ownerSVGElement: { getBoundingClientRect(): Rect } | null;
  getBoundingClientRect(): Rect;
}

/** The names on the page's skill radars that reach out of their chart, which cuts them off. */
async function cutRadarNames(page: Page): Promise<string[]> {
  return page.locator('svg:has(.MuiRadarChart-gridDivider) text').evaluateAll((texts: Drawn[]) =>
    texts
      .filter((text) => {
        const chart = text.ownerSVGElement?.getBoundingClientRect();
        const box = text.getBoundingClientRect();
        return chart !== undefined && (box.left < chart.left || box.right > chart.right || box.top < chart.top || box.bottom > chart.bottom);
      })
      .map((text) => text.textContent ?? ''),
  );
}

test('each language renders the sidebar, the dashboard and two reports without a missing text, their charts naming everything', async ({ page }) => {
  test.setTimeout(120_000);
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('missing translation')) missing.push(message.text());
  });
  await signIn(page, DEMO.meridianAdmin);
  for (const language of LANGUAGES) {
    // The stored choice, as the language menu leaves it (that menu has its own tests).
    await page.evaluate((chosen) => {
      (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('playtrack.lang', chosen);
    }, language);
    for (const path of ['/dashboard/crm', '/companyadmin/score/skill', '/companyadmin/score/lor']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expect(page.locator('main h1, main h4, main h5').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await shownText(page), `${language} ${path}`).not.toMatch(RAW_KEY);
      await expect(page.locator('svg:has(.MuiRadarChart-gridDivider), svg:has(.MuiChartsAxis-directionX)').first()).toBeVisible();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 720 });
        await expect.poll(() => cutRadarNames(page), `${language} ${path} at ${width} px`).toEqual([]);
        await expect.poll(() => unnamedBars(page), `${language} ${path} at ${width} px`).toBe(0);
      }
    }
  }
  expect(missing).toEqual([]);
});
