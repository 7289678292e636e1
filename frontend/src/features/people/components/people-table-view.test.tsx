// The trainee list as its reader left it: the columns they hid and the density they chose come
// from the server and go back to it; on a phone each row's actions are one menu.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Preferences, TableView, User } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const ARJUN: User = {
  id: 'u2',
  name: 'Arjun Mehta',
  email: 'arjun@meridian.example',
  role: 'USER',
  status: 'active',
  locale: 'en',
  company_id: 'c1',
  created_at: '2025-03-01T10:00:00Z',
};
const page = (items: unknown[]) => HttpResponse.json({ items, total: items.length, page: 1, per_page: 25 });

function answer(saved: Preferences['tables']) {
  const sent: { table: string; view: TableView }[] = [];
  apiServer.use(
    http.get('/api/v1/me/preferences', () => HttpResponse.json<Preferences>({ appearance: null, tables: saved })),
    http.put('/api/v1/me/preferences/tables/:table', async ({ params, request }) => {
      const view = (await request.json()) as TableView;
      sent.push({ table: String(params.table), view });
      return HttpResponse.json(view);
    }),
    http.get('/api/v1/companies', () => page([{ id: 'c1', name: 'Meridian Bank' }])),
    http.get('/api/v1/batches', () => page([])),
    http.get('/api/v1/users', () => page([ARJUN])),
  );
  return sent;
}

afterEach(() => {
  window.innerWidth = 1024;
});

describe('the trainee list as its reader left it', () => {
  it('hides the columns and uses the density saved on the server, never the name or the actions', async () => {
    answer([{ table: 'trainees', density: 'compact', hidden_columns: ['email', 'name', 'actions'] }]);
    renderApp('/main/user', { user: TEST_USER });
    const grid = await screen.findByRole('grid');
    await within(grid).findByRole('row', { name: /Arjun Mehta/ });
    expect(within(grid).queryByRole('columnheader', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(grid.closest('.MuiDataGrid-root')).toHaveClass('MuiDataGrid-root--densityCompact');
  });

  it('saves a density chosen from the bar, keeping the hidden columns', async () => {
    const sent = answer([{ table: 'trainees', density: 'compact', hidden_columns: ['email'] }]);
    renderApp('/main/user', { user: TEST_USER });
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid');
    await within(grid).findByRole('row', { name: /Arjun Mehta/ });
    await user.click(screen.getByRole('button', { name: 'Density' }));
    await user.click(screen.getByRole('menuitem', { name: 'Comfortable' }));
    await waitFor(() => expect(sent).toEqual([{ table: 'trainees', view: { density: 'comfortable', hidden_columns: ['email'] } }]));
    expect(grid.closest('.MuiDataGrid-root')).toHaveClass('MuiDataGrid-root--densityComfortable');
  });

  it('saves a column hidden from the columns panel; the name cannot be hidden', async () => {
    const sent = answer([]);
    renderApp('/main/user', { user: TEST_USER });
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid');
    await within(grid).findByRole('row', { name: /Arjun Mehta/ });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const name = await screen.findByRole('checkbox', { name: 'Name' });
    expect(name).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    await waitFor(() => expect(sent).toEqual([{ table: 'trainees', view: { density: 'standard', hidden_columns: ['email'] } }]));
    expect(within(grid).queryByRole('columnheader', { name: 'E-mail' })).not.toBeInTheDocument();
  });

  it('puts each row’s actions in a menu on a phone', async () => {
    window.innerWidth = 390;
    answer([]);
    renderApp('/main/user', { user: TEST_USER });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Arjun Mehta/ });
    expect(within(row).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'more' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Disable']);
  });
});
