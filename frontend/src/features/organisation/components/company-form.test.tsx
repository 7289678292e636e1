import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CompanyInput } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { BANKING, COMPANY_ADMIN, INDIA, MERIDIAN, referenceHandlers } from '../testing/fixtures';

type User = ReturnType<typeof userEvent.setup>;

function answerCreate(answer: (body: CompanyInput) => Response = (body) => HttpResponse.json({ ...MERIDIAN, ...body }, { status: 201 })) {
  const sent: CompanyInput[] = [];
  apiServer.use(
    ...referenceHandlers,
    http.get('/api/v1/companies', () => HttpResponse.json({ items: [], total: 0, page: 1, per_page: 25 })),
    http.post('/api/v1/companies', async ({ request }) => {
      const body = (await request.json()) as CompanyInput;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillCompany(user: User, minutes: string) {
  await screen.findByRole('heading', { name: 'Add company' });
  await user.type(screen.getByLabelText(/Company name/), 'Meridian Bank');
  await user.type(screen.getByLabelText(/E-mail/), 'it@meridian-bank.example');
  await user.type(screen.getByLabelText(/Contact person/), 'Priya Nair');
  await choose(user, /Industry/, 'Banking');
  await choose(user, /Country/, 'India');
  await user.type(screen.getByLabelText(/Remark/), 'Pilot');
  await user.type(screen.getByLabelText(/Session time/), minutes);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe("the super admin's company form", () => {
  it('asks for every field with the seed’s messages', async () => {
    const sent = answerCreate();
    renderApp('/main/company/add', { user: TEST_USER });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Add company' });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    for (const message of [
      'Please enter name',
      'Please enter email',
      'Please enter contact person',
      'Please select industry',
      'Please select country',
      'Please enter time between 1-60 minute',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(sent).toEqual([]);
    expect(screen.queryByText('Please enter remark')).not.toBeInTheDocument();
  });

  it('refuses a session time of 61 minutes', async () => {
    const sent = answerCreate();
    renderApp('/main/company/add', { user: TEST_USER });
    const user = userEvent.setup();
    await fillCompany(user, '61');
    expect(await screen.findByText('Please enter time between 1-60 minute')).toBeInTheDocument();
    expect(screen.getByLabelText(/Session time/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends the company and returns to the list', async () => {
    const sent = answerCreate();
    const { router } = renderApp('/main/company/add', { user: TEST_USER });
    const user = userEvent.setup();
    await fillCompany(user, '15');
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Meridian Bank',
        email: 'it@meridian-bank.example',
        contact_person: 'Priya Nair',
        industry_id: BANKING.id,
        country_id: INDIA.id,
        remark: 'Pilot',
        session_minutes: 15,
        active: true,
      },
    ]);
    expect(router.state.location.pathname).toBe('/main/company');
  });

  it('puts the server’s field problems on their fields', async () => {
    answerCreate(() =>
      problem(422, 'VALIDATION_FAILED', {
        errors: [
          { field: 'name', code: 'TAKEN' },
          { field: 'session_minutes', code: 'SESSION_MINUTES' },
        ],
      }),
    );
    renderApp('/main/company/add', { user: TEST_USER });
    const user = userEvent.setup();
    await fillCompany(user, '15');
    expect(await screen.findByText('This is already in use.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Company name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter time between 1-60 minute')).toBeInTheDocument();
    expect(screen.queryByText('Some fields are not valid. Check them and try again.')).not.toBeInTheDocument();
  });
});

describe("a company admin's company", () => {
  it('shows their own company and edits it without the active switch', async () => {
    const sent: CompanyInput[] = [];
    apiServer.use(
      ...referenceHandlers,
      http.get('/api/v1/companies/:id', ({ params }) =>
        params.id === MERIDIAN.id ? HttpResponse.json(MERIDIAN) : problem(404, 'NOT_FOUND'),
      ),
      http.put('/api/v1/companies/:id', async ({ request }) => {
        sent.push((await request.json()) as CompanyInput);
        return HttpResponse.json(MERIDIAN);
      }),
    );
    const { router } = renderApp('/companyadmin/company', { user: COMPANY_ADMIN });
    const user = userEvent.setup();

    const details = await screen.findByRole('heading', { name: 'Meridian Bank' });
    expect(details).toBeInTheDocument();
    expect(await screen.findByText('Banking')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit' }));

    const minutes = await screen.findByLabelText(/Session time/);
    expect(screen.queryByRole('switch', { name: 'Active' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const { id: _id, ...stored } = MERIDIAN;
    expect(sent).toEqual([{ ...stored, session_minutes: 30 }]);
    expect(router.state.location.pathname).toBe('/companyadmin/company');
  });
});
