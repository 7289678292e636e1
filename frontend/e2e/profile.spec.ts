// A trainee's own profile against the real server: a new name the header follows, a photo the
// server re-encodes and serves as a JPEG, its deletion, and "sign out everywhere" ending the
// session of another browser too.
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { SCREENSHOTS, signIn, submitSignIn } from './support';

/** A Meridian trainee no other journey uses: renaming them disturbs nobody's expectations. */
const TRAINEE = { email: 'farhan.qureshi@meridian-bank.example', name: 'Farhan Qureshi' };
const RENAMED = 'Farhan Q. Qureshi';

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `width` × `height` pixels, in diagonal stripes of two colours. */
function stripedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([
      0, // no filter
      ...Array.from({ length: width }, (_, x) => (Math.floor((x + y) / 40) % 2 ? [0x1e, 0x88, 0xe5] : [0xff, 0xb3, 0x00])).flat(),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a trainee renames themselves, adds and deletes a photo, and signs out everywhere', async ({ page, browser }) => {
  await submitSignIn(page, TRAINEE.email);
  await page.getByRole('dialog', { name: 'End-user licence agreement' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/dashboard\/crm$/);

  await page.getByRole('button', { name: `Account of ${TRAINEE.name}` }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user\/profile\/basic-info$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  const basics = page.getByRole('region', { name: 'Basic information' });
  const email = basics.getByRole('textbox', { name: 'E-mail' });
  await expect(email).toHaveValue(TRAINEE.email);
  await expect(email).toHaveAttribute('readonly', '');
  await basics.getByRole('textbox', { name: /^Name/ }).fill(RENAMED);
  await basics.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account of ${RENAMED}` })).toBeVisible();

  const photo = page.getByRole('region', { name: 'Photo' });
  await expect(photo.getByText('FQ', { exact: true })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await photo.getByRole('button', { name: 'Upload a photo' }).click();
  await (await chooser).setFiles({ name: 'farhan.png', mimeType: 'image/png', buffer: stripedPng(1024, 768) });
  await expect(page.getByText('Your photo has been updated.')).toBeVisible();
  const image = photo.getByRole('img', { name: `Photo of ${RENAMED}` });
  // Kept as a JPEG fitted into 512 × 512, its shape kept.
  await expect(image).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect
    .poll(() => image.evaluate((element: { naturalWidth: number; naturalHeight: number }) => [element.naturalWidth, element.naturalHeight]))
    .toEqual([512, 384]);
  const served = await page.request.get('/api/v1/me/photo');
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['cache-control']).toBe('private, no-cache');

  // Another browser of the same person: the page then lists both sessions, this one marked.
  const otherBrowser = await browser.newContext();
  const other = await otherBrowser.newPage();
  await signIn(other, TRAINEE.email);
  await page.reload();
  const sessions = page.getByRole('region', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions.first()).toContainText('Signed in with a password');
  await expect(sessions.first()).toContainText('Chrome on Linux');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'profile-trainee-en.png'), fullPage: true });

  await photo.getByRole('button', { name: 'Delete photo' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete your photo?' });
  await confirmDelete.getByRole('button', { name: 'Delete photo' }).click();
  await expect(page.getByText('Your photo has been deleted.')).toBeVisible();
  await expect(photo.getByText('FQ', { exact: true })).toBeVisible();
  await expect(photo.getByRole('img')).toHaveCount(0);
  expect((await page.request.get('/api/v1/me/photo')).status()).toBe(204);

  await page.getByRole('region', { name: 'Sessions' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been signed out.')).toBeVisible();

  // The other browser still holds its cookie, but the session behind it has ended.
  await other.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Scores' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByText('Session Expired')).toBeVisible();
  await otherBrowser.close();
});
