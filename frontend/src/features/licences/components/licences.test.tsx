import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AllocationInput, Seat, SummaryLine } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const COMPANY_ADMIN = { ...TEST_USER, role: 'COMPANY_ADMIN' as const };
const COUNTS = { purchased: 3, assigned: 3, activated: 1, available: 0, expired: 0, expiring_soon: 0 };
const SEAT: Seat = {
  id: 's1',
  allocation_id: 'a1',
  company_id: 'c1',
  allocation_batch_id: null,
  user_id: 'u1',
  user_name: 'Rohan Das',
  user_email: 'rohan@meridian.example',
  user_batch_ids: ['b1'],
  state: 'assigned',
  assigned_at: '2025-03-01T10:00:00Z',
  valid_until: '2026-03-01',
};

const page = (items: unknown[]) => HttpResponse.json({ items, total: items.length, page: 1, per_page: 25 });

function answerReferences() {
  apiServer.use(
    http.get('/api/v1/companies', () => page([{ id: 'c1', name: 'Meridian Bank' }])),
    http.get('/api/v1/batches', () => page([{ id: 'b1', company_id: 'c1', name: 'Cohort A' }])),
  );
}

describe('the licence summary', () => {
  it("shows each company's seats by name, linking to its batches", async () => {
    answerReferences();
    apiServer.use(
      http.get('/api/v1/licence-summary', () => HttpResponse.json<SummaryLine[]>([{ company_id: 'c1', counts: COUNTS }])),
      http.get('/api/v1/licence-allocations', () => page([])),
    );
    renderApp('/companyadmin/licencesummary', { user: COMPANY_ADMIN });
    const table = await screen.findByRole('table', { name: 'Seats per company' });
    const row = await within(table).findByRole('row', { name: /Meridian Bank/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '3', '1', '0', '0', '0']);
    expect(within(row).getByRole('link', { name: 'Meridian Bank' })).toHaveAttribute(
      'href',
      '/companyadmin/licencesummaryview?company=c1',
    );
    expect(screen.queryByRole('link', { name: 'Add licence' })).not.toBeInTheDocument();
  });

  it('explains each count and how they add up', async () => {
    answerReferences();
    apiServer.use(
      http.get('/api/v1/licence-summary', () => HttpResponse.json<SummaryLine[]>([{ company_id: 'c1', counts: COUNTS }])),
      http.get('/api/v1/licence-allocations', () => page([])),
    );
    renderApp('/companyadmin/licencesummary', { user: COMPANY_ADMIN });
    const table = await screen.findByRole('table', { name: 'Seats per company' });
    expect(screen.getByText('Purchased = assigned + available + expired. Activated seats are counted among the assigned ones.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.hover(within(table).getByText('Activated'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Assigned seats whose trainee has started the game/);
    expect(within(table).getByRole('columnheader', { name: 'Activated' })).toBeInTheDocument();
  });
});

describe('the allocation form', () => {
  it('refuses a count that is not a number', async () => {
    answerReferences();
    const sent: AllocationInput[] = [];
    apiServer.use(
      http.post('/api/v1/licence-allocations', async ({ request }) => {
        sent.push((await request.json()) as AllocationInput);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    renderApp('/main/licencesummary/add', { user: TEST_USER });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Number of seats/), '3a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter number only')).toBeInTheDocument();
    expect(screen.getByText('Please select company')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Number of seats/));
    await user.click(within(screen.getByRole('group', { name: /^Valid until/ })).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter count')).toBeInTheDocument();
    expect(screen.getByText('Please enter validity')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('the licence details', () => {
  it("says why a seat whose game was started can't be revoked", async () => {
    answerReferences();
    const asked: (string | null)[] = [];
    apiServer.use(
      http.get('/api/v1/seats', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('state'));
        return page([SEAT]);
      }),
      http.delete('/api/v1/seats/:id', () => problem(409, 'SEAT_IN_USE')),
    );
    renderApp('/companyadmin/licencedetails', { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Rohan Das/ });
    expect(row).toHaveTextContent('Assigned');
    // The trainee's batch, although the seat is of a company-wide licence.
    await within(row).findByText('Cohort A');
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the seat of Rohan Das?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(
      await within(dialog).findByText('This seat cannot be revoked: the trainee has already started the game with it.'),
    ).toBeInTheDocument();
    expect(asked).toContain(null);
  });

  it('reloads the seats once one is revoked', async () => {
    answerReferences();
    let asked = 0;
    apiServer.use(
      http.get('/api/v1/seats', () => {
        asked += 1;
        return page([SEAT]);
      }),
      http.delete('/api/v1/seats/:id', () => new HttpResponse(null, { status: 204 })),
    );
    renderApp('/companyadmin/licencedetails', { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Rohan Das/ });
    const before = asked;
    await user.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the seat of Rohan Das?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The seat of Rohan Das has been revoked.')).toBeInTheDocument();
    await waitFor(() => expect(asked).toBeGreaterThan(before));
  });

  it('tells when no seat is left to assign', async () => {
    apiServer.use(
      http.get('/api/v1/users', () =>
        page([{ ...SEAT, id: 'u1', name: 'Rohan Das', email: SEAT.user_email, role: 'USER', status: 'active' }]),
      ),
      http.post('/api/v1/seats', () => problem(409, 'NO_SEAT_LEFT')),
    );
    renderApp('/companyadmin/licencedetails/edit', { user: COMPANY_ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Trainee/ }));
    await user.click(await screen.findByRole('option', { name: /Rohan Das/ }));
    await user.click(screen.getByRole('button', { name: 'Assign seat' }));
    expect(await screen.findByText(/^No licence seat is left for this trainee/)).toBeInTheDocument();
  });
});
