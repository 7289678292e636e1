// The level catalogue journey: the super admin opens Level data from the sidebar, is told a played
// level cannot be deleted, adds a chapter and a level in it (its skill's maximum prefilled, then
// typed), then imports a CSV file (checked first, then confirmed; a level's skills with their
// maxima) and finds its entries in the lists, each level's skills with their maxima. In Arabic a
// second file, with Arabic titles, goes the same way, and a level of it opens in its form. The
// chapter numbers come from this run's stamp, so the journey never meets an earlier run's.
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseLanguage, DEMO, SCREENSHOTS, signIn } from './support';

const RUN = Date.now().toString(36);
/** Three chapter numbers of this run's own, above the demo's 1–3. */
const CHAPTER = 100 + (Date.now() % 800);
const IMPORTED = CHAPTER + 1;
const ARABIC = CHAPTER + 2;
const SKILL = `Empathy ${RUN}`;

const HEADER = 'type,chapter,number,en,zh,ar,it,es,fr,max_score,difficulty,skills,retired';
/** A new skill, a new chapter with a level training it, and a translation for the chapter the
 * journey added by hand. */
const FIRST_FILE = [
  HEADER,
  `skill,,,${SKILL},,,,,,,,,`,
  `chapter,,${IMPORTED},Imported chapter ${RUN},,,,,,,,,`,
  `level,${IMPORTED},1,Imported level ${RUN},,,,,,150,hard,${SKILL}=100|Leadership=50,`,
  `chapter,,${CHAPTER},Chapter by hand ${RUN},,,Capitolo a mano,,,,,,`,
  '',
].join('\n');
const ARABIC_FILE = [
  HEADER,
  `chapter,,${ARABIC},Evening rush ${RUN},,ساعة الذروة المسائية,,,,,,,`,
  `level,${ARABIC},1,The long queue ${RUN},,الطابور الطويل,,,,90,medium,${SKILL},`,
  `level,${ARABIC},2,Closing the till ${RUN},,إغلاق الصندوق,,,,120,easy,Negotiation|Leadership,`,
  '',
].join('\n');

/** Waits until one dialog is left and it has faded in: screenshots catch no transition. */
async function dialogSettled(page: Page) {
  await expect(page.locator('.MuiDialog-root')).toHaveCount(1);
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
}

/** Opens the import, checks `csv` and answers the dialog with its preview. */
async function checkImport(page: Page, csv: string, names: { button: string; dialog: string; check: string }) {
  await page.getByRole('button', { name: names.button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: names.check }).click();
  await expect(dialog.getByRole('table')).toBeVisible();
  return dialog;
}

/** Exports the catalogue in the format the menu item `format` names; answers the file's text. */
async function download(page: Page, format: string): Promise<string> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: format }).click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Whether nothing in `locator` is wider than the page (no horizontal scroll at 1280 px). */
async function fitsThePage(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 1);
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the super admin keeps the level catalogue: by hand, and by importing a file', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.superAdmin);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Level data' }).click();
  await expect(page).toHaveURL(/\/main\/levelData$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Level data' })).toBeVisible();
  const levels = page.getByRole('table', { name: 'Chapters and their levels' });
  await expect(levels.getByRole('row', { name: /First day on the floor/ })).toBeVisible();

  // A level the demo trainees have played cannot be deleted: the dialog says to retire it.
  await levels.getByRole('row', { name: /Meet the team/ }).getByRole('button', { name: 'Delete level' }).click();
  const refusal = page.getByRole('dialog', { name: 'Delete Level 1.1 – Meet the team?' });
  await refusal.getByRole('button', { name: 'Delete' }).click();
  await expect(refusal.getByText(/This level has been played, so its history must stay/)).toBeVisible();
  await expect(refusal.getByRole('button', { name: 'Retire' })).toBeVisible();
  await refusal.getByRole('button', { name: 'Cancel' }).click();
  await expect(refusal).toBeHidden();
  await expect(levels.getByRole('row', { name: /Meet the team/ })).toContainText('In play');

  // A chapter by hand.
  await page.getByRole('button', { name: 'Add chapter' }).click();
  const chapterForm = page.getByRole('dialog', { name: 'Add a chapter' });
  await chapterForm.getByRole('textbox', { name: 'Chapter number' }).fill(String(CHAPTER));
  await chapterForm.getByRole('textbox', { name: 'Title' }).fill(`Chapter by hand ${RUN}`);
  await chapterForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Chapter ${CHAPTER} has been saved.`)).toBeVisible();
  const chapterRow = levels.getByRole('row', { name: new RegExp(`Chapter by hand ${RUN}`) });
  await expect(chapterRow).toContainText('Levels: 0');

  // A level in it, from its row.
  await chapterRow.getByRole('link', { name: `Add a level to chapter ${CHAPTER}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a level' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Chapter' })).toContainText(`Chapter ${CHAPTER}`);
  await page.getByRole('textbox', { name: 'Level number' }).fill('1');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Level by hand ${RUN}`);
  await page.getByRole('textbox', { name: 'Maximum score' }).fill('1000000');
  await page.getByRole('combobox', { name: 'Difficulty' }).click();
  await page.getByRole('option', { name: 'Medium' }).click();
  await page.getByRole('combobox', { name: 'Skills' }).click();
  await page.getByRole('option', { name: 'Negotiation' }).click();
  await page.keyboard.press('Escape');
  // The skill's maximum starts as the level's whole maximum score (its even share), then is typed.
  const maxPoints = page.getByRole('textbox', { name: 'Negotiation Max points' });
  await expect(maxPoints).toHaveValue('1000000');
  await maxPoints.fill('600000');
  await expect(page.getByRole('status').filter({ hasText: 'The skill maxima add up to' })).toHaveText(
    "The skill maxima add up to 600,000 points, while the level's maximum score is 1,000,000. You can save it so if that is intended.",
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, 'catalogue-level-en.png'), fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The level has been saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/main\/levelData$/);
  const levelRow = levels.getByRole('row', { name: new RegExp(`Level by hand ${RUN}`) });
  await expect(levelRow).toContainText(`${CHAPTER}.1`);
  await expect(levelRow).toContainText('1,000,000');
  await expect(levelRow).toContainText('Medium');
  await expect(levelRow).toContainText('Negotiation 600,000');
  await expect(levelRow).toContainText('In play');

  // A file: checked entry by entry, then imported.
  const preview = await checkImport(page, FIRST_FILE, { button: 'Import', dialog: 'Import level data', check: 'Check file' });
  await expect(preview.getByRole('status')).toHaveText('New: 3. Changed: 1. Unchanged: 0. With problems: 0.');
  await expect(preview.getByRole('row', { name: new RegExp(`Imported level ${RUN}`) })).toContainText(`${IMPORTED}.1`);
  await expect(preview.getByRole('row', { name: new RegExp(`Chapter by hand ${RUN}`) })).toContainText('Changed');
  await dialogSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'catalogue-import-en.png') });
  await preview.getByRole('button', { name: 'Import (4 changes)' }).click();
  await expect(page.getByText('Level data imported. New: 3. Changed: 1.')).toBeVisible();
  await expect(preview).toBeHidden();
  const importedLevel = levels.getByRole('row', { name: new RegExp(`Imported level ${RUN}`) });
  await expect(importedLevel).toContainText(`${IMPORTED}.1`);
  await expect(importedLevel).toContainText('Hard');
  await expect(importedLevel).toContainText(`${SKILL} 100 · Leadership 50`);
  await expect(levels.getByRole('row', { name: new RegExp(`Imported chapter ${RUN}`) })).toContainText('Levels: 1');
  await fitsThePage(page, levels);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'catalogue-en.png'), fullPage: true });

  // The export, as CSV and as JSON; the CSV imports again as "unchanged" throughout.
  const csv = await download(page, 'CSV file (spreadsheets)');
  expect(csv.split('\n')[0]?.trim()).toBe(HEADER);
  expect(csv).toContain(`level,${IMPORTED},1,Imported level ${RUN},`);
  expect(csv).toContain(`${SKILL}=100`);
  const json = JSON.parse(await download(page, 'JSON file')) as { chapters: { number: number }[] };
  expect(json.chapters.map(({ number }) => number)).toEqual(expect.arrayContaining([1, CHAPTER, IMPORTED]));
  const again = await checkImport(page, csv, { button: 'Import', dialog: 'Import level data', check: 'Check file' });
  await expect(again.getByRole('status')).toHaveText(/^New: 0\. Changed: 0\. Unchanged: \d+\. With problems: 0\.$/);
  await expect(again.getByText('The catalogue already holds everything in this file.')).toBeVisible();
  await expect(again.getByRole('button', { name: /^Import \(/ })).toBeDisabled();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  await page.getByRole('tab', { name: 'Skills' }).click();
  const skill = page.getByRole('table', { name: 'Skills' }).getByRole('row', { name: new RegExp(SKILL) });
  await expect(skill).toContainText('1');
  await page.getByRole('tab', { name: 'Chapters and levels' }).click();
  // The toast is in the language it was raised in: closed before the language changes.
  await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // In Arabic: the titles in Arabic where they have one, a second file the same way.
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'بيانات المستويات' })).toBeVisible();
  const arabicLevels = page.getByRole('table', { name: 'الفصول ومستوياتها' });
  await expect(arabicLevels.getByRole('row', { name: /اليوم الأول في الميدان/ })).toBeVisible();
  const arabicPreview = await checkImport(page, ARABIC_FILE, {
    button: 'استيراد',
    dialog: 'استيراد بيانات المستويات',
    check: 'فحص الملف',
  });
  await expect(arabicPreview.getByRole('status')).toHaveText('جديد: 3. معدَّل: 0. دون تغيير: 0. به مشكلات: 0.');
  await dialogSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'catalogue-import-ar.png') });
  await arabicPreview.getByRole('button', { name: 'استيراد (3 تغييرات)' }).click();
  await expect(arabicPreview).toBeHidden();
  await expect(arabicLevels.getByRole('row', { name: /ساعة الذروة المسائية/ })).toBeVisible();
  const queue = arabicLevels.getByRole('row', { name: /الطابور الطويل/ });
  await expect(queue).toContainText(`${ARABIC}.1`);
  await expect(queue).toContainText(`${SKILL} 90`);
  await fitsThePage(page, arabicLevels);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'catalogue-ar.png'), fullPage: true });

  // The level's form in Arabic: its one skill holds the level's whole 90 points.
  await page.getByRole('alert').getByRole('button', { name: 'إغلاق' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await queue.getByRole('link', { name: 'تعديل المستوى' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'تعديل المستوى' })).toBeVisible();
  const arabicMax = page.getByRole('textbox', { name: `${SKILL} الحد الأقصى للنقاط` });
  await expect(arabicMax).toHaveValue('90');
  await arabicMax.fill('60');
  await expect(page.getByRole('status').filter({ hasText: 'مجموع الحدود القصوى' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'catalogue-level-ar.png'), fullPage: true });
  await page.getByRole('link', { name: 'إلغاء' }).or(page.getByRole('button', { name: 'إلغاء' })).click();
  await page.getByRole('dialog', { name: 'هل تريد تجاهل التغييرات؟' }).getByRole('button', { name: 'تجاهل' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'بيانات المستويات' })).toBeVisible();
  await chooseLanguage(page, 'English');
});
