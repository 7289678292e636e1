import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ImportEntry, ImportPlan } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { answerCatalogue, CATALOGUE, FLOOR } from '../testing/fixtures';


const CSV = [
  'type,chapter,number,en,zh,ar,it,es,fr,max_score,difficulty,skills,retired',
  'skill,,,Empathy,,,,,,,,,',
  'chapter,,3,Closing time,,,,,,,,,',
  'level,3,1,Lock up,,,,,,100,easy,Empathy|Leadership,',
  'chapter,,1,First day on the floor,,,,,,,,,',
  '',
].join('\n');

const EMPATHY: ImportEntry = { line: 2, kind: 'skill', key: 'Empathy', title: 'Empathy', action: 'create', problems: [] };

const PLAN: ImportPlan = {
  entries: [
    EMPATHY,
    { line: 3, kind: 'chapter', key: '3', title: 'Closing time', action: 'create', problems: [] },
    { line: 4, kind: 'level', key: '3.1', title: 'Lock up', action: 'create', problems: [] },
    { line: 5, kind: 'chapter', key: '1', title: 'First day on the floor', action: 'unchanged', problems: [] },
  ],
  created: 3,
  updated: 0,
  unchanged: 1,
  invalid: 0,
};

const INVALID: ImportPlan = {
  ...PLAN,
  entries: [
    EMPATHY,
    {
      line: 4,
      kind: 'level',
      key: '3.1',
      title: 'Lock up',
      action: 'create',
      problems: [
        { field: 'skills', code: 'UNKNOWN' },
        { field: 'title.fr', code: 'TOO_LONG' },
        { field: 'skills.s0000000-0000-4000-8000-000000000001', code: 'OUT_OF_RANGE' },
      ],
    },
    { line: 6, kind: 'unknown', key: '', title: '', action: 'create', problems: [{ field: 'type', code: 'UNKNOWN' }] },
  ],
  invalid: 2,
};

/** Answers the check with `plan` and the import as `imported` says; keeps the bodies and types. */
function answerImport(plan: ImportPlan, imported: () => Response = () => HttpResponse.json(plan)) {
  const checked: { type: string | null; body: string }[] = [];
  const sentToImport: { type: string | null; body: string }[] = [];
  apiServer.use(
    http.post('/api/v1/catalogue/import/preview', async ({ request }) => {
      checked.push({ type: request.headers.get('Content-Type'), body: await request.text() });
      return HttpResponse.json(plan);
    }),
    http.post('/api/v1/catalogue/import', async ({ request }) => {
      sentToImport.push({ type: request.headers.get('Content-Type'), body: await request.text() });
      return imported();
    }),
  );
  return { checked, sentToImport };
}

async function checkFile(file = new File([CSV], 'catalogue.csv', { type: '' })) {
  const user = userEvent.setup();
  renderApp('/main/levelData', { user: TEST_USER });
  await screen.findByRole('table', { name: 'Chapters and their levels' });
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import level data' });
  await user.upload(within(dialog).getByLabelText(/Catalogue file/), file);
  await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
  return { user, dialog };
}

describe('importing level data', () => {
  it('shows what the file would do, then imports it and reloads the catalogue', async () => {
    answerCatalogue();
    const { checked, sentToImport } = answerImport(PLAN, () => {
      // From now on the catalogue holds the file's entries.
      apiServer.use(
        http.get('/api/v1/catalogue', () =>
          HttpResponse.json({
            ...CATALOGUE,
            chapters: [...CATALOGUE.chapters, { id: 'c3', number: 3, title: { en: 'Closing time' } }],
          }),
        ),
      );
      return HttpResponse.json(PLAN);
    });
    const { user, dialog } = await checkFile();
    const table = await within(dialog).findByRole('table', { name: 'Entries of the file' });
    expect(checked).toEqual([{ type: 'text/csv', body: CSV }]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('New: 3. Changed: 0. Unchanged: 1. With problems: 0.');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^2SkillEmpathyEmpathyNew$/);
    expect(rows[3]).toHaveTextContent(/^4Level3\.1Lock upNew$/);
    expect(rows[4]).toHaveTextContent(/^5Chapter1First day on the floorUnchanged$/);

    await user.click(within(dialog).getByRole('button', { name: 'Import (3 changes)' }));
    expect(await screen.findByText('Level data imported. New: 3. Changed: 0.')).toBeInTheDocument();
    expect(sentToImport).toEqual([{ type: 'text/csv', body: CSV }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Closing time/ })).toHaveTextContent('Levels: 0');
  });

  it('sends a JSON file as JSON', async () => {
    answerCatalogue();
    const { checked } = answerImport(PLAN);
    const json = JSON.stringify({ chapters: [{ number: FLOOR.number, title: FLOOR.title }] });
    const { dialog } = await checkFile(new File([json], 'catalogue.json', { type: 'application/json' }));
    await within(dialog).findByRole('table', { name: 'Entries of the file' });
    expect(checked).toEqual([{ type: 'application/json', body: json }]);
  });

  it('says what is wrong with each entry, and takes no file with problems', async () => {
    answerCatalogue();
    const { sentToImport } = answerImport(INVALID);
    const { dialog } = await checkFile();
    const table = await within(dialog).findByRole('table', { name: 'Entries of the file' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('With problems: 2.');
    expect(within(dialog).getByText(/correct the entries with problems/)).toBeInTheDocument();
    const level = within(table).getByRole('row', { name: /Lock up/ });
    expect(level).toHaveTextContent('Not importable');
    expect(level).toHaveTextContent('Skills: This choice does not exist (any more).');
    expect(level).toHaveTextContent('Title in Français: This is too long.');
    expect(level).toHaveTextContent("A skill's maximum: This number is out of range.");
    expect(within(table).getByRole('row', { name: /^6/ })).toHaveTextContent('UnknownNot importableType: This choice does not exist (any more).');
    expect(within(dialog).getByRole('button', { name: 'Import (3 changes)' })).toBeDisabled();
    expect(sentToImport).toEqual([]);
  });

  it('puts the problems of an import refused meanwhile back on the entries', async () => {
    answerCatalogue();
    answerImport(PLAN, () =>
      problem(422, 'IMPORT_REJECTED', { errors: [{ field: 'entries.4.number', code: 'TAKEN' }] }),
    );
    const { user, dialog } = await checkFile();
    await within(dialog).findByRole('table', { name: 'Entries of the file' });
    await user.click(within(dialog).getByRole('button', { name: 'Import (3 changes)' }));
    expect(await within(dialog).findByText(/The catalogue changed meanwhile/)).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /Lock up/ })).toHaveTextContent('Number: This is already in use.');
    expect(within(dialog).getByRole('button', { name: 'Import (3 changes)' })).toBeDisabled();
  });

  it('explains a file the server cannot read, with its detail', async () => {
    answerCatalogue();
    apiServer.use(
      http.post('/api/v1/catalogue/import/preview', () =>
        problem(422, 'VALIDATION_FAILED', {
          detail: 'the header has no `type` column',
          errors: [{ field: 'file', code: 'COLUMN_MISSING' }],
        }),
      ),
    );
    const { dialog } = await checkFile();
    expect(await within(dialog).findByText(/The file lacks a required column/)).toBeInTheDocument();
    expect(within(dialog).getByText('the header has no `type` column')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for a file, and refuses one above 4 MiB before sending it', async () => {
    answerCatalogue();
    const { checked } = answerImport(PLAN);
    const user = userEvent.setup();
    renderApp('/main/levelData', { user: TEST_USER });
    await screen.findByRole('table', { name: 'Chapters and their levels' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import level data' });
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(within(dialog).getByText('Please choose a file')).toBeInTheDocument();

    const big = new File(['x'.repeat(4 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText(/Catalogue file/), big);
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(within(dialog).getByText('The file is larger than 4 MiB.')).toBeInTheDocument();
    expect(checked).toEqual([]);
  });
});
