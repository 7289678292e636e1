import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { NewUserInput, User } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const COMPANY = { id: 'c1', name: 'Meridian Bank' };
const BATCH = { id: 'b1', company_id: 'c1', name: 'Spring intake', active: true };
const PRIYA: User = {
  id: 'u1',
  name: 'Priya Nair',
  email: 'priya@meridian.example',
  role: 'COMPANY_ADMIN',
  status: 'active',
  locale: 'en',
  company_id: 'c1',
  created_at: '2025-03-01T10:00:00Z',
};


const page = (items: unknown[]) => HttpResponse.json({ items, total: items.length, page: 1, per_page: 25 });

function answerReferences() {
  apiServer.use(
    http.get('/api/v1/companies', () => page([COMPANY])),
    http.get('/api/v1/batches', () => page([BATCH])),
  );
}

describe('the company admins list', () => {
  it('lists only company admins, with their company and status', async () => {
    answerReferences();
    const asked: URLSearchParams[] = [];
    apiServer.use(
      http.get('/api/v1/users', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return page([PRIYA]);
      }),
    );
    renderApp('/main/companyadmin', { user: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Company admins' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Priya Nair/ });
    expect(row).toHaveTextContent('Meridian Bank');
    expect(row).toHaveTextContent('Active');
    expect(asked.every((params) => params.get('role') === 'COMPANY_ADMIN')).toBe(true);
  });

  it('disables an admin after asking', async () => {
    answerReferences();
    const disabled: string[] = [];
    apiServer.use(
      http.get('/api/v1/users', () => page([PRIYA])),
      http.post('/api/v1/users/:id/disable', ({ params }) => {
        disabled.push(String(params.id));
        return HttpResponse.json({ ...PRIYA, status: 'disabled' });
      }),
    );
    renderApp('/main/companyadmin', { user: TEST_USER });
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Priya Nair/ });
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable Priya Nair?' });
    expect(disabled).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Priya Nair has been disabled.')).toBeInTheDocument();
    expect(disabled).toEqual(['u1']);
  });
});

describe('adding a trainee', () => {
  function answerCreate(answer: () => Response) {
    const sent: NewUserInput[] = [];
    answerReferences();
    apiServer.use(
      http.get('/api/v1/users', () => page([])),
      http.post('/api/v1/users', async ({ request }) => {
        sent.push((await request.json()) as NewUserInput);
        return answer();
      }),
    );
    return sent;
  }

  async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: option }));
  }

  it("asks for every field with the seed's messages", async () => {
    const sent = answerCreate(() => HttpResponse.json(PRIYA, { status: 201 }));
    renderApp('/main/user/add', { user: TEST_USER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save and send invitation' }));
    expect(await screen.findByText('Please enter name')).toBeInTheDocument();
    expect(screen.getByText('Please enter email')).toBeInTheDocument();
    expect(screen.getByText('Please select company')).toBeInTheDocument();
    expect(screen.getByText('Please select batch')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the trainee and says clearly when no seat is left', async () => {
    const sent = answerCreate(() => problem(409, 'NO_SEAT_LEFT'));
    renderApp('/main/user/add', { user: TEST_USER });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Rohan Das');
    await user.type(screen.getByLabelText(/^E-mail/), 'rohan@meridian.example');
    await choose(user, 'Company', 'Meridian Bank');
    await choose(user, 'Batch', 'Spring intake');
    await user.click(screen.getByRole('button', { name: 'Save and send invitation' }));
    expect(await screen.findByText(/^No licence seat is left for this trainee/)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        role: 'USER',
        name: 'Rohan Das',
        email: 'rohan@meridian.example',
        company_id: 'c1',
        batch_id: 'b1',
        locale: 'en',
      },
    ]);
  });
});

describe('the trainee list', () => {
  const ROHAN: User = { ...PRIYA, id: 'u2', name: 'Rohan Das', email: 'rohan@meridian.example', role: 'USER' };

  function answerList() {
    const users: URLSearchParams[] = [];
    const batches: URLSearchParams[] = [];
    apiServer.use(
      http.get('/api/v1/companies', () => page([COMPANY])),
      http.get('/api/v1/batches', ({ request }) => {
        batches.push(new URL(request.url).searchParams);
        return page([BATCH]);
      }),
      http.get('/api/v1/users', ({ request }) => {
        users.push(new URL(request.url).searchParams);
        return page([ROHAN]);
      }),
    );
    return { users, batches };
  }

  it("filters by a batch of the chosen company, and keeps the filter in the URL", async () => {
    const { users, batches } = answerList();
    const { router } = renderApp('/main/user?page=2', { user: TEST_USER });
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Rohan Das/ });
    // Without a company: the batches of every company.
    expect(batches.some((params) => !params.has('company_id'))).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Meridian Bank' }));
    await waitFor(() => expect(batches.some((params) => params.get('company_id') === 'c1')).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Batch' }));
    await user.click(await screen.findByRole('option', { name: 'Spring intake' }));

    await waitFor(() =>
      expect(users.some((params) => params.get('batch_id') === 'b1' && params.get('company_id') === 'c1')).toBe(true),
    );
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('company_id')).toBe('c1');
    expect(search.get('batch_id')).toBe('b1');
    // A new filter starts again from the first page.
    expect(search.has('page')).toBe(false);

    // Another company: the batch filter goes.
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('batch_id')).toBe(false));
    expect(new URLSearchParams(router.state.location.search).has('company_id')).toBe(false);
  });

  it('takes the batch filter from the URL', async () => {
    const { users } = answerList();
    renderApp('/main/user?batch_id=b1', { user: TEST_USER });
    await screen.findByRole('row', { name: /Rohan Das/ });
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((params) => params.get('batch_id') === 'b1')).toBe(true);
    expect(await screen.findByRole('combobox', { name: 'Batch' })).toHaveTextContent('Spring intake');
  });

  it("offers a company admin their company's batches, without a company filter", async () => {
    const { users, batches } = answerList();
    renderApp('/companyadmin/user', { user: { ...TEST_USER, role: 'COMPANY_ADMIN' } });
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /Rohan Das/ });
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    expect(batches.every((params) => !params.has('company_id'))).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Batch' }));
    await user.click(await screen.findByRole('option', { name: 'Spring intake' }));
    await waitFor(() => expect(users.some((params) => params.get('batch_id') === 'b1')).toBe(true));
  });

  it('has no batch filter on the company admins list', async () => {
    answerList();
    renderApp('/main/companyadmin', { user: TEST_USER });
    await screen.findByRole('row', { name: /Rohan Das/ });
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Batch' })).not.toBeInTheDocument();
  });
});
