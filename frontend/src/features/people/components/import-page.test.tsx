import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ImportInput, ImportPreview } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const COMPANY_ADMIN = { ...TEST_USER, role: 'COMPANY_ADMIN' as const };
const CSV = 'name,email,batch\nAnil,anil@x.example,\nBad,not-an-email,\nBea,bea@x.example,Night\nCai,cai@x.example,\n';

const PREVIEW: ImportPreview = {
  rows: [
    { line: 2, name: 'Anil', email: 'anil@x.example', batch: '', locale: 'fr', problems: [] },
    { line: 3, name: 'Bad', email: 'not-an-email', batch: '', locale: 'en', problems: [{ field: 'email', code: 'INVALID_EMAIL' }] },
    { line: 4, name: 'Bea', email: 'bea@x.example', batch: 'Night', locale: 'en', problems: [{ field: 'batch', code: 'UNKNOWN_BATCH' }] },
    { line: 5, name: 'Cai', email: 'cai@x.example', batch: '', locale: 'en', problems: [{ field: 'seat', code: 'NO_SEAT_LEFT' }] },
    { line: 6, name: 'Dev', email: 'dev@x.example', batch: '', locale: 'Klingon', problems: [{ field: 'locale', code: 'UNKNOWN_LANGUAGE' }] },
  ],
  valid: 1,
  invalid: 4,
};

function answerImport(answer: (input: ImportInput) => Response) {
  const uploads: string[] = [];
  const imports: ImportInput[] = [];
  apiServer.use(
    http.get('/api/v1/batches', () => HttpResponse.json({ items: [], total: 0, page: 1, per_page: 200 })),
    http.post('/api/v1/users/import/preview', async ({ request }) => {
      uploads.push(await request.text());
      return HttpResponse.json(PREVIEW);
    }),
    http.post('/api/v1/users/import', async ({ request }) => {
      const input = (await request.json()) as ImportInput;
      imports.push(input);
      return answer(input);
    }),
  );
  return { uploads, imports };
}

async function checkFile() {
  renderApp('/companyadmin/user/import', { user: COMPANY_ADMIN });
  const user = userEvent.setup();
  const input = await screen.findByLabelText(/Trainee list/);
  await user.upload(input, new File([CSV], 'trainees.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  await screen.findByRole('table', { name: 'Rows of the file' });
  return user;
}

describe('the trainee import', () => {
  it("sends the file and shows each bad row's reason in words", async () => {
    const { uploads } = answerImport(() => HttpResponse.json({ imported: 1, user_ids: ['u1'] }, { status: 201 }));
    await checkFile();
    expect(uploads).toEqual([CSV]);
    const rows = within(screen.getByRole('table', { name: 'Rows of the file' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ready');
    expect(rows[2]).toHaveTextContent('Not a valid e-mail address');
    expect(rows[3]).toHaveTextContent('The company has no batch of this name');
    expect(rows[4]).toHaveTextContent('No licence seat left');
    expect(rows[1]).toHaveTextContent('Français');
    expect(rows[5]).toHaveTextContent('Klingon');
    expect(rows[5]).toHaveTextContent('Unknown language: use en, zh, ar, it, es or fr');
    expect(screen.getByRole('status')).toHaveTextContent('Rows ready to import: 1. Rows with problems: 4.');
  });

  it('imports only the valid rows', async () => {
    const { imports } = answerImport(() => HttpResponse.json({ imported: 1, user_ids: ['u1'] }, { status: 201 }));
    const user = await checkFile();
    await user.click(screen.getByRole('button', { name: 'Import valid rows (1)' }));
    expect(await screen.findByText('Trainees imported: 1; invitations sent.')).toBeInTheDocument();
    expect(imports).toEqual([{ rows: [{ line: 2, name: 'Anil', email: 'anil@x.example', batch: '', locale: 'fr' }] }]);
    expect(screen.queryByRole('table', { name: 'Rows of the file' })).not.toBeInTheDocument();
  });

  it('puts the reasons of a rejected import back on the rows', async () => {
    answerImport(() =>
      problem(422, 'IMPORT_REJECTED', { errors: [{ field: 'rows.2.email', code: 'TAKEN' }] }),
    );
    const user = await checkFile();
    await user.click(screen.getByRole('button', { name: 'Import valid rows (1)' }));
    expect(await screen.findByText(/^Nothing was imported/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Rows of the file' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('An account with this e-mail already exists');
    expect(screen.getByRole('button', { name: 'Import valid rows (0)' })).toBeDisabled();
  });

  it('explains a file without an e-mail column', async () => {
    apiServer.use(
      http.get('/api/v1/batches', () => HttpResponse.json({ items: [], total: 0, page: 1, per_page: 200 })),
      http.post('/api/v1/users/import/preview', () =>
        problem(422, 'VALIDATION_FAILED', { errors: [{ field: 'file', code: 'COLUMN_EMAIL_MISSING' }] }),
      ),
    );
    renderApp('/companyadmin/user/import', { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(/Trainee list/), new File(['name\nAnil\n'], 'list.csv'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/The file has no "email" column/)).toBeInTheDocument();
  });

  it('asks for a file before checking', async () => {
    answerImport(() => HttpResponse.json({ imported: 0, user_ids: [] }, { status: 201 }));
    renderApp('/companyadmin/user/import', { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(screen.getByText('Please choose a file')).toBeInTheDocument();
  });
});
