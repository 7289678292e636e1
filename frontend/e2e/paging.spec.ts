// Every paged list pages: the next-page button shows the next rows, the page stays in the URL,
// survives a reload, and a link straight to `?page=2` opens page 2. Five rows a page, so the
// demo's trainees, audit events and seats fill more than one at five a page.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, demoPassword, signIn } from './support';

const LISTS = ['/main/user', '/main/audit', '/main/licencedetails'];

/** The grid's "6–10 of 31" line. */
function range(page: Page) {
  return page.locator('.MuiTablePagination-displayedRows');
}

test('every list with more than one page pages, keeps its page in the URL, and survives a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Sign-ins are audited: enough of them and the audit log has a second page too.
  for (let i = 0; i < 12; i += 1) {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: DEMO.meridianAdmin, password: demoPassword(DEMO.meridianAdmin) },
    });
    expect(login.ok()).toBe(true);
  }
  await signIn(page, DEMO.superAdmin);
  for (const list of LISTS) {
    await page.goto(`${list}?per_page=5`);
    await expect(range(page), list).toHaveText(/^1–5 of \d+$/);
    const total = Number((await range(page).textContent())?.split(' of ')[1]);
    expect(total, `${list} has more than one page`).toBeGreaterThan(5);

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(range(page), list).toHaveText(`6–${Math.min(10, total)} of ${total}`);
    await expect(page).toHaveURL(new RegExp(`${list}\\?.*page=2`));
    const firstRow = await page.locator('.MuiDataGrid-row').first().textContent();

    await page.reload();
    await expect(range(page), `${list} after a reload`).toHaveText(`6–${Math.min(10, total)} of ${total}`);
    await expect(page.locator('.MuiDataGrid-row').first()).toHaveText(firstRow ?? '');

    await page.goto(`${list}?page=2&per_page=5`);
    await expect(range(page), `${list} opened at page 2`).toHaveText(`6–${Math.min(10, total)} of ${total}`);
    await expect(page).toHaveURL(new RegExp(`${list}\\?.*page=2`));
  }
});
