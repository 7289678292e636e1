import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CountryInput } from '@/api/gen/playtrack.schemas';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { BANKING, INDIA, ITALY, referenceHandlers } from '../testing/fixtures';

describe('the country list', () => {
  it('shows the countries the server answers, asking for the order in the URL', async () => {
    const asked: URLSearchParams[] = [];
    apiServer.use(
      http.get('/api/v1/countries', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ items: [INDIA, ITALY], total: 2, page: 1, per_page: 10 });
      }),
    );
    renderApp('/main/country?per_page=10&sort=iso_code&order=desc', { user: TEST_USER });

    // The first screen of a run waits for its lazy modules to compile.
    const row = (await screen.findByText('India')).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('India is not in a row');
    expect(within(row).getByText('IN')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ page: '1', per_page: '10', sort: 'iso_code', order: 'desc' });
  });

  it('deactivates a country, after asking, by saving it with active off', async () => {
    const sent: [string, CountryInput][] = [];
    apiServer.use(
      ...referenceHandlers,
      http.put('/api/v1/countries/:id', async ({ params, request }) => {
        const body = (await request.json()) as CountryInput;
        sent.push([String(params.id), body]);
        return HttpResponse.json({ ...INDIA, ...body });
      }),
    );
    renderApp('/main/country', { user: TEST_USER });
    const user = userEvent.setup();
    const row = (await screen.findByText('India')).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('India is not in a row');

    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate India?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(await within(row).findByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('India is now inactive.')).toBeInTheDocument();
    expect(sent).toEqual([[INDIA.id, { name: 'India', iso_code: 'IN', active: false }]]);
  });
});

describe('the country form', () => {
  it('asks before Cancel drops what was typed', async () => {
    apiServer.use(...referenceHandlers);
    const { router } = renderApp('/main/country/add', { user: TEST_USER });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/ISO code/), 'IN');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(router.state.location.pathname).toBe('/main/country/add');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/country'));
  });

  it('leaves at once on Cancel when nothing was typed', async () => {
    apiServer.use(...referenceHandlers);
    const { router } = renderApp('/main/country/add', { user: TEST_USER });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Add country' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/country'));
  });

  it('checks the name and the ISO code before sending', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.post('/api/v1/countries', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(INDIA, { status: 201 });
      }),
    );
    renderApp('/main/country/add', { user: TEST_USER });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Add country' });

    await user.type(screen.getByLabelText(/ISO code/), 'IND');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please enter name')).toBeInTheDocument();
    expect(screen.getByText('Please enter the two-letter ISO code')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('opens an existing country by its id and saves it in capitals', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      ...referenceHandlers,
      http.put('/api/v1/countries/:id', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(ITALY);
      }),
    );
    const { router } = renderApp(`/main/country/edit?id=${ITALY.id}`, { user: TEST_USER });
    const user = userEvent.setup();
    const iso = await screen.findByDisplayValue('IT');

    await user.clear(iso);
    await user.type(iso, 'va');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Italy', iso_code: 'VA', active: false }]);
    expect(router.state.location.pathname).toBe('/main/country');
  });
});

describe('the industry screens', () => {
  it('list industries without an ISO code column and save a new one by name alone', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      ...referenceHandlers,
      http.post('/api/v1/industries', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(BANKING, { status: 201 });
      }),
    );
    const { router } = renderApp('/main/industry', { user: TEST_USER });
    const user = userEvent.setup();
    expect(await screen.findByText(BANKING.name)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'ISO code' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Add industry' }));
    await screen.findByRole('heading', { name: 'Add industry' });
    expect(screen.queryByLabelText(/ISO code/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Industry name/), 'Logistics');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/main/industry'));
    expect(sent).toEqual([{ name: 'Logistics', active: true }]);
  });
});
