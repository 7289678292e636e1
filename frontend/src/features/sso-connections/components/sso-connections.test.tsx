import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Batch, SsoConnection, SsoConnectionInput, SsoTest } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const MERIDIAN = { id: 'c1', name: 'Meridian Bank' };
const ORBIS = { id: 'c2', name: 'Orbis Manufacturing' };
const HALCYON = { id: 'c3', name: 'Halcyon Hotels' };

const batch = (id: string, name: string, company_id: string): Batch => ({ id, name, company_id, active: true });
const BATCHES = [
  batch('b1', 'Orbis induction', ORBIS.id),
  batch('b2', 'Orbis managers', ORBIS.id),
  batch('b3', 'Meridian tellers', MERIDIAN.id),
];

const MERIDIAN_SSO: SsoConnection = {
  company_id: MERIDIAN.id,
  issuer: 'https://login.meridian.example/tenant/v2.0',
  client_id: 'meridian-playtrack',
  scopes: ['groups'],
  email_claim: 'preferred_username',
  domains: ['meridian.example', 'meridianbank.example'],
  create_users: true,
  batch_id: 'b3',
  assign_seat: true,
  password_sign_in: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
};
const HALCYON_SSO: SsoConnection = {
  ...MERIDIAN_SSO,
  company_id: HALCYON.id,
  issuer: 'https://halcyon.okta.example',
  client_id: 'halcyon-client',
  scopes: [],
  email_claim: 'email',
  domains: ['halcyon.example'],
  create_users: false,
  batch_id: null,
  assign_seat: false,
  password_sign_in: true,
};

const SECRET = 'sso-TopSecretValueThatMustNeverBeShown-42';

const DISCOVERED: SsoTest = {
  ok: true,
  discovered: {
    issuer: MERIDIAN_SSO.issuer,
    authorization_endpoint: 'https://login.meridian.example/tenant/oauth2/v2.0/authorize',
    token_endpoint: 'https://login.meridian.example/tenant/oauth2/v2.0/token',
    userinfo_endpoint: null,
    jwks_uri: 'https://login.meridian.example/tenant/discovery/v2.0/keys',
    signing_keys: 2,
    scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
    claims_supported: ['sub', 'email', 'preferred_username'],
  },
};


interface Sent {
  method: string;
  company: string;
  body?: SsoConnectionInput;
}

const page = (items: unknown[]) => HttpResponse.json({ items, total: items.length, page: 1, per_page: 200 });

/** A fake server holding `initial`, which saves what is set up or changed and removes what is
 * deleted; `companies` are those the caller may see. */
function answerSso(initial: SsoConnection[] = [MERIDIAN_SSO, HALCYON_SSO], companies = [MERIDIAN, ORBIS, HALCYON]) {
  let stored = [...initial];
  const sent: Sent[] = [];
  apiServer.use(
    http.get('/api/v1/companies', () => page(companies)),
    http.get('/api/v1/batches', ({ request }) => {
      const company = new URL(request.url).searchParams.get('company_id');
      return page(BATCHES.filter(({ company_id }) => !company || company_id === company));
    }),
    http.get('/api/v1/sso-connections', () => HttpResponse.json(stored)),
    http.put('/api/v1/companies/:id/sso-connection', async ({ params, request }) => {
      const company = String(params.id);
      const body = (await request.json()) as SsoConnectionInput;
      sent.push({ method: 'PUT', company, body });
      const before = stored.find(({ company_id }) => company_id === company);
      const saved: SsoConnection = {
        company_id: company,
        issuer: body.issuer,
        client_id: body.client_id,
        scopes: body.scopes ?? [],
        email_claim: body.email_claim,
        domains: body.domains,
        create_users: body.create_users ?? false,
        batch_id: body.batch_id ?? null,
        assign_seat: body.assign_seat ?? false,
        password_sign_in: body.password_sign_in,
        created_at: before?.created_at ?? '2026-11-25T10:00:00Z',
        updated_at: '2026-11-25T10:00:00Z',
      };
      stored = before ? stored.map((c) => (c.company_id === company ? saved : c)) : [...stored, saved];
      return HttpResponse.json(saved);
    }),
    http.delete('/api/v1/companies/:id/sso-connection', ({ params }) => {
      const company = String(params.id);
      sent.push({ method: 'DELETE', company });
      stored = stored.filter(({ company_id }) => company_id !== company);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/v1/companies/:id/sso-connection/test', () => HttpResponse.json(DISCOVERED)),
  );
  return { sent };
}

async function openList() {
  const user = userEvent.setup();
  renderApp('/main/ssoConnections', { user: TEST_USER });
  expect(await screen.findByRole('heading', { level: 1, name: 'Single sign-on' })).toBeInTheDocument();
  await screen.findByRole('row', { name: /Meridian Bank/ });
  return user;
}

const row = (name: RegExp) => screen.getByRole('row', { name });

const domainRow = (dialog: HTMLElement, number: number) => within(dialog).getByRole('textbox', { name: `Domain ${number}` });

async function choose(user: UserEvent, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the SSO connections list', () => {
  it('shows each company’s connection: company, issuer, domains and password sign-in', async () => {
    answerSso();
    await openList();
    const meridian = row(/Meridian Bank/);
    expect(within(meridian).getByText(MERIDIAN_SSO.issuer)).toHaveAttribute('dir', 'ltr');
    expect(meridian).toHaveTextContent('meridian.example');
    expect(meridian).toHaveTextContent('meridianbank.example');
    expect(meridian).toHaveTextContent('Off');
    expect(within(meridian).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(meridian).getByRole('button', { name: 'Test connection' })).toBeInTheDocument();
    expect(within(meridian).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const halcyon = row(/Halcyon Hotels/);
    expect(halcyon).toHaveTextContent('https://halcyon.okta.example');
    expect(halcyon).toHaveTextContent('Allowed');

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Single sign-on' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when no company has one yet', async () => {
    answerSso([]);
    renderApp('/main/ssoConnections', { user: TEST_USER });
    expect(
      await screen.findByText('No company signs in through its own identity provider yet.'),
    ).toBeInTheDocument();
  });
});

describe('setting up a connection', () => {
  it('checks the fields as the server would before sending anything', async () => {
    const { sent } = answerSso();
    const user = await openList();
    await user.click(screen.getByRole('button', { name: 'New connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SSO connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please choose the company')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the issuer URL')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the client id')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter the client secret')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a domain')).toBeInTheDocument();

    const issuer = within(dialog).getByRole('textbox', { name: /^Issuer/ });
    for (const bad of ['http://login.example.com', 'https://login.example.com/?tenant=1', 'login.example.com']) {
      await user.clear(issuer);
      await user.type(issuer, bad);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(dialog).findByText(/^Please enter a whole https:\/\/ address without \?query or #fragment/),
      ).toBeInTheDocument();
    }
    await user.type(domainRow(dialog, 1), 'not a domain');
    await user.click(within(dialog).getByRole('switch', { name: 'Create trainees at first sign-in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a domain such as example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose the batch new trainees join')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends every field with the secret, for the chosen company, and never shows the secret', async () => {
    const { sent } = answerSso();
    const user = await openList();
    await user.click(screen.getByRole('button', { name: 'New connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SSO connection' });
    // The redirect URI to register at the provider.
    expect(within(dialog).getByText(`${window.location.origin}/auth/sso/callback`)).toHaveAttribute('dir', 'ltr');

    // Only the companies without a connection are offered.
    await user.click(within(dialog).getByRole('combobox', { name: /^Company/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([ORBIS.name]);
    await user.click(screen.getByRole('option', { name: ORBIS.name }));

    await user.type(within(dialog).getByRole('textbox', { name: /^Issuer/ }), ' https://login.orbis.example/v2.0 ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Client id/ }), 'orbis-playtrack');
    const secret = within(dialog).getByLabelText(/^Client secret/);
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(secret, SECRET);
    await user.type(within(dialog).getByRole('textbox', { name: /^Extra scopes/ }), 'openid groups groups');
    const claim = within(dialog).getByRole('combobox', { name: /^E-mail claim/ });
    await choose(user, claim, 'upn: the user principal name (Active Directory)');
    await user.type(domainRow(dialog, 1), '@Orbis.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add domain' }));
    await user.type(domainRow(dialog, 2), 'orbis-mfg.example');

    // The batch and the seat wait for trainees to be created.
    expect(within(dialog).getByRole('switch', { name: 'Give new trainees a seat' })).toBeDisabled();
    await user.click(within(dialog).getByRole('switch', { name: 'Create trainees at first sign-in' }));
    await choose(user, within(dialog).getByRole('combobox', { name: /^Batch of new trainees/ }), 'Orbis managers');
    await user.click(within(dialog).getByRole('switch', { name: 'Give new trainees a seat' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Password sign-in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('The SSO connection of Orbis Manufacturing has been set up. Test it from the list.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        company: ORBIS.id,
        body: {
          issuer: 'https://login.orbis.example/v2.0',
          client_id: 'orbis-playtrack',
          client_secret: SECRET,
          scopes: ['groups'],
          email_claim: 'upn',
          domains: ['orbis.example', 'orbis-mfg.example'],
          create_users: true,
          batch_id: 'b2',
          assign_seat: true,
          password_sign_in: false,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Orbis Manufacturing/ })).toHaveTextContent('orbis-mfg.example');
    expect(document.body).not.toHaveTextContent(SECRET);

    // Opened again, the secret field is empty: the saved one is never shown back.
    await user.click(within(row(/Orbis Manufacturing/)).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'SSO connection of Orbis Manufacturing' });
    expect(within(edit).getByLabelText(/^Client secret/)).toHaveValue('');
    expect(edit.innerHTML).not.toContain(SECRET);
  });

  it('keeps the saved secret when it is left empty, and puts the server’s problems on their fields', async () => {
    const { sent } = answerSso();
    const user = await openList();
    await user.click(within(row(/Halcyon Hotels/)).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'SSO connection of Halcyon Hotels' });
    expect(within(dialog).getByRole('textbox', { name: /^Issuer/ })).toHaveValue(HALCYON_SSO.issuer);
    expect(within(dialog).getByLabelText(/^Client secret/)).toHaveAccessibleDescription(
      'Leave empty to keep the saved secret; type a new one to replace it. The saved secret is never shown.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add domain' }));
    await user.type(domainRow(dialog, 2), 'meridian.example');

    apiServer.use(
      http.put('/api/v1/companies/:id/sso-connection', async ({ request }) => {
        sent.push({ method: 'PUT', company: 'c3', body: (await request.json()) as SsoConnectionInput });
        return problem(422, 'VALIDATION_FAILED', { errors: [{ field: 'domains.1', code: 'TAKEN' }] });
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is already in use.')).toBeInTheDocument();
    expect(domainRow(dialog, 2)).toHaveAttribute('aria-invalid', 'true');
    expect(domainRow(dialog, 1)).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).not.toHaveProperty('client_secret');
    expect(sent[0]?.body?.domains).toEqual(['halcyon.example', 'meridian.example']);
  });
});

describe('testing a connection', () => {
  it('shows what the provider publishes', async () => {
    answerSso();
    const user = await openList();
    await user.click(within(row(/Meridian Bank/)).getByRole('button', { name: 'Test connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test the connection of Meridian Bank' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The provider answered');
    expect(within(alert).getByText(MERIDIAN_SSO.issuer)).toBeInTheDocument();
    expect(within(alert).getByText('https://login.meridian.example/tenant/discovery/v2.0/keys')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Signing keys2');
    expect(alert).toHaveTextContent('openid email profile offline_access');
  });

  it('says why discovery failed', async () => {
    answerSso();
    apiServer.use(
      http.post('/api/v1/companies/:id/sso-connection/test', () =>
        HttpResponse.json<SsoTest>({ ok: false, error: 'error sending request: connection refused' }),
      ),
    );
    const user = await openList();
    await user.click(within(row(/Halcyon Hotels/)).getByRole('button', { name: 'Test connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test the connection of Halcyon Hotels' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The provider could not be read');
    expect(alert).toHaveTextContent('error sending request: connection refused');
  });
});

describe('deleting a connection', () => {
  it('deletes only once confirmed', async () => {
    const { sent } = answerSso();
    const user = await openList();
    await user.click(within(row(/Meridian Bank/)).getByRole('button', { name: 'Delete' }));
    let confirm = screen.getByRole('dialog', { name: 'Delete the SSO connection of Meridian Bank?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(within(row(/Meridian Bank/)).getByRole('button', { name: 'Delete' }));
    confirm = screen.getByRole('dialog', { name: 'Delete the SSO connection of Meridian Bank?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The SSO connection of Meridian Bank has been deleted.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', company: MERIDIAN.id }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Meridian Bank/ })).not.toBeInTheDocument());
  });
});

describe('a company admin’s connection', () => {
  const ADMIN = { ...TEST_USER, role: 'COMPANY_ADMIN' as const };

  it('shows the provider fields to change and who signs in as the super admin set it', async () => {
    const { sent } = answerSso([MERIDIAN_SSO], [MERIDIAN]);
    const user = userEvent.setup();
    renderApp('/companyadmin/ssoConnection', { user: ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Single sign-on' })).toBeInTheDocument();
    const issuer = await screen.findByRole('textbox', { name: /^Issuer/ });
    expect(issuer).toHaveValue(MERIDIAN_SSO.issuer);
    expect(issuer).toBeEnabled();
    expect(screen.getByText('Only the super admin can change who signs in through the provider.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Domain 1' })).toHaveValue('meridian.example');
    expect(screen.getByRole('textbox', { name: 'Domain 1' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Domain 2' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add domain' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Create trainees at first sign-in' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Create trainees at first sign-in' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Give new trainees a seat' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Password sign-in' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Password sign-in' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Batch of new trainees/ })).toHaveAttribute('aria-disabled', 'true');
    const batchField = screen.getByRole('combobox', { name: /^Batch of new trainees/ });
    await waitFor(() => expect(batchField).toHaveTextContent('Meridian tellers'));

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Single sign-on' })).toHaveAttribute('aria-current', 'page');

    await user.clear(screen.getByRole('textbox', { name: /^Client id/ }));
    await user.type(screen.getByRole('textbox', { name: /^Client id/ }), 'meridian-playtrack-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The SSO connection has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        company: MERIDIAN.id,
        body: {
          issuer: MERIDIAN_SSO.issuer,
          client_id: 'meridian-playtrack-2',
          scopes: ['groups'],
          email_claim: 'preferred_username',
          domains: MERIDIAN_SSO.domains,
          create_users: true,
          batch_id: 'b3',
          assign_seat: true,
          password_sign_in: false,
        },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The provider answered')).toBeInTheDocument();
  });

  it('says only the super admin can set one up when there is none', async () => {
    answerSso([], [MERIDIAN]);
    renderApp('/companyadmin/ssoConnection', { user: ADMIN });
    const none = /^Single sign-on is not set up for your company\. Only the portal provider's super admin/;
    expect(await screen.findByText(none)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
