// The API documentation page partners read: served by the binary, rendered with nothing
// fetched from elsewhere and no Content-Security-Policy violation.
import { expect, test } from '@playwright/test';

test('the API docs render offline and list the operations', async ({ page }) => {
  const errors: string[] = [];
  const foreignRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    const isNetwork = url.protocol === 'http:' || url.protocol === 'https:';
    if (isNetwork && url.hostname !== '127.0.0.1') foreignRequests.push(request.url());
  });

  await page.goto('/api/docs');

  // Swagger UI lays the whole spec out before its heading shows: from a debug server on a
  // busy machine that took over the default five seconds (a CI run beside a build).
  await expect(page.getByRole('heading', { name: /Playtrack API/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('/api/v1/healthz')).toBeVisible();
  expect(foreignRequests).toEqual([]);
  expect(errors).toEqual([]);
});
