import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AuditEvent } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const ADA = '00000000-0000-0000-0000-0000000000ad';
const RENAMED: AuditEvent = {
  id: '00000000-0000-0000-0000-00000000e001',
  at: '2026-03-04T10:15:00Z',
  actor_id: ADA,
  actor_name: 'Ada Root',
  action: 'batch.updated',
  target_type: 'batch',
  target_id: '00000000-0000-0000-0000-0000000000b1',
  target_name: 'North Star',
  company_id: null,
  details: {
    before: { id: 'b1', name: 'North', active: true, starts_on: null },
    after: { id: 'b1', name: 'North Star', active: true, starts_on: null },
  },
  ip: '203.0.113.7',
};

describe('the audit log', () => {
  it('says who did what to whom, sends the filters of the URL, and shows only the changed fields', async () => {
    const asked: URLSearchParams[] = [];
    apiServer.use(
      http.get('/api/v1/audit-events', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [RENAMED], total: 1, page: 1, per_page: 25 });
      }),
    );
    renderApp(`/main/audit?actor_id=${ADA}&action=batch.updated&q=ada&from=2026-03-01`, { user: TEST_USER });

    // The action select shows the same words; the row is the grid's.
    const cell = await screen.findByRole('gridcell', { name: 'Batch changed' });
    const row = cell.closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('the event is not in a row');
    expect(within(row).getByText('Ada Root')).toBeInTheDocument();
    expect(within(row).getByText('Batch: North Star')).toBeInTheDocument();
    expect(screen.getByText('Done by: Ada Root')).toBeInTheDocument();
    const sent = Object.fromEntries(asked[0] ?? []);
    expect(sent).toMatchObject({ actor_id: ADA, action: 'batch.updated', q: 'ada' });
    expect(new Date(sent.from ?? '').getDate()).toBe(1);

    // The row names the changed fields; their values open on demand.
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Name' }));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const cells = within(changes)
      .getAllByRole('row')
      .map((tableRow) => [...tableRow.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Field', 'Before', 'After'],
      ['Name', 'North', 'North Star'],
    ]);
  });
});
