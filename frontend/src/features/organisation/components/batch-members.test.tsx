import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Batch, Member } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';
import { COMPANY_ADMIN, MERIDIAN } from '../testing/fixtures';

const JUNE: Batch = { id: '40000000-0000-4000-8000-000000000001', company_id: MERIDIAN.id, name: 'June intake', active: true, starts_on: '2025-06-01', ends_on: null };
const JULY: Batch = { ...JUNE, id: '40000000-0000-4000-8000-000000000002', name: 'July intake' };
const ROHAN: Member = { user_id: '50000000-0000-4000-8000-000000000001', name: 'Rohan Das', email: 'rohan.das@meridian-bank.example', added_at: '2025-06-02T09:00:00Z' };

function page<T>(items: T[]) {
  return { items, total: items.length, page: 1, per_page: 25 };
}

function batchServer() {
  const calls: string[] = [];
  apiServer.use(
    http.get('/api/v1/batches/:id', () => HttpResponse.json(JUNE)),
    http.get('/api/v1/batches', () => HttpResponse.json(page([JUNE, JULY]))),
    http.get('/api/v1/batches/:id/members', () => HttpResponse.json(page([ROHAN]))),
    http.get('/api/v1/batches/:id/enrolment-keys', () => HttpResponse.json([])),
    http.get('/api/v1/users', () => HttpResponse.json(page([]))),
    http.delete('/api/v1/batches/:id/members/:user', ({ params }) => {
      calls.push(`DELETE ${String(params.id)} ${String(params.user)}`);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/v1/batches/:id/members/:user/move', async ({ params, request }) => {
      calls.push(`MOVE ${String(params.id)} ${String(params.user)} ${JSON.stringify(await request.json())}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function memberRow() {
  const cell = await screen.findByText(ROHAN.email);
  const row = cell.closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error('the member is not in a row');
  return row;
}

describe("a batch's trainees", () => {
  it('removes a trainee from the batch', async () => {
    const calls = batchServer();
    renderApp(`/companyadmin/batch/edit?id=${JUNE.id}`, { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    await user.click(within(await memberRow()).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Rohan Das from the batch?' });
    expect(dialog).toHaveTextContent('June intake');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Rohan Das was removed from the batch.')).toBeInTheDocument();
    expect(calls).toEqual([`DELETE ${JUNE.id} ${ROHAN.user_id}`]);
  });

  it('keeps the trainee when the removal is cancelled', async () => {
    const calls = batchServer();
    renderApp(`/companyadmin/batch/edit?id=${JUNE.id}`, { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    await user.click(within(await memberRow()).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Rohan Das from the batch?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('moves a trainee to another batch of the company', async () => {
    const calls = batchServer();
    renderApp(`/companyadmin/batch/edit?id=${JUNE.id}`, { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    await user.click(within(await memberRow()).getByRole('button', { name: 'Move' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move Rohan Das to another batch' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New batch' }));
    expect(screen.queryByRole('option', { name: 'June intake' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'July intake' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('Rohan Das was moved to July intake.')).toBeInTheDocument();
    expect(calls).toEqual([`MOVE ${JUNE.id} ${ROHAN.user_id} {"to_batch_id":"${JULY.id}"}`]);
  });
});
