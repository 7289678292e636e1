// Edit and details screens opened without a record (an old or incomplete link) answer at once:
// back to their list, with a message, rather than a spinner that never ends or an empty form.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const EMPTY_PAGE = { items: [], total: 0, page: 1, per_page: 25 };
const MESSAGE = /That record was not found/;

beforeEach(() => {
  apiServer.use(
    http.get('/api/v1/companies', () => HttpResponse.json(EMPTY_PAGE)),
    http.get('/api/v1/users', () => HttpResponse.json(EMPTY_PAGE)),
    http.get('/api/v1/batches', () => HttpResponse.json(EMPTY_PAGE)),
  );
});

describe('an edit or details screen without its record', () => {
  it.each([
    ['/main/company/edit', '/main/company'],
    ['/main/companydetails', '/main/company'],
    ['/main/batch/edit?id=', '/main/batch'],
    ['/main/user/edit', '/main/user'],
    ['/main/companyadmin/edit?id=undefined', '/main/companyadmin'],
  ])('%s goes to %s and says why', async (url, list) => {
    const { router } = renderApp(url, { user: TEST_USER });
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(list);
    // The list, not the add form the edit screen used to fall back to.
    expect(screen.queryByRole('button', { name: /invite/i })).not.toBeInTheDocument();
  });

  it('goes back to the list when the server has no such record', async () => {
    apiServer.use(http.get('/api/v1/companies/:id', () => problem(404, 'NOT_FOUND')));
    const { router } = renderApp('/main/company/edit?id=0b7c5a4e-6f0d-4e0a-9a55-3d1f2b8c9e10', { user: TEST_USER });
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main/company');
  });
});
