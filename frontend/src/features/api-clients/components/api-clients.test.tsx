import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ApiClient, ApiClientInput, ApiClientSecret } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

// The app's query client, to look into what it keeps.
const clients = vi.hoisted(() => [] as QueryClient[]);
vi.mock('@/lib/query-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/query-client')>();
  return {
    createQueryClient: () => {
      const client = original.createQueryClient();
      clients.push(client);
      return client;
    },
  };
});

const MERIDIAN = { id: 'c1', name: 'Meridian Bank' };
const ORBIS = { id: 'c2', name: 'Orbis Manufacturing' };

const STUDIO: ApiClient = {
  id: 'a1',
  name: 'Studio game server',
  kind: 'game',
  all_companies: true,
  companies: [],
  secret_hint: 'Qx7z',
  rate_limit_per_minute: 1200,
  use_count: 3456,
  last_used_at: '2026-11-20T08:00:00Z',
  created_at: '2026-11-01T10:00:00Z',
  rotated_at: null,
  revoked_at: null,
};
const REPORTS: ApiClient = {
  ...STUDIO,
  id: 'a2',
  name: 'Partner reports',
  kind: 'partner',
  all_companies: false,
  companies: [MERIDIAN.id, ORBIS.id],
  secret_hint: 'k9Pw',
  use_count: 0,
  last_used_at: null,
  revoked_at: '2026-11-21T09:00:00Z',
};
const SECRET = 'ptk_TopSecretValueThatMustNotLingerAnywhere0123abcd';
const ROTATED = 'ptk_AnotherSecretValueFromTheRotationOnly987654wxyz';


const page = (items: unknown[]) => HttpResponse.json({ items, total: items.length, page: 1, per_page: 25 });

/** A fake server holding `initial`, which adds what is created and revokes what is revoked. */
function answerClients(initial: ApiClient[] = [STUDIO, REPORTS]) {
  let stored = [...initial];
  const sent: ApiClientInput[] = [];
  const revoked: string[] = [];
  const rotated: string[] = [];
  apiServer.use(
    http.get('/api/v1/companies', () => page([MERIDIAN, ORBIS])),
    http.get('/api/v1/api-clients', () => page(stored)),
    http.post('/api/v1/api-clients', async ({ request }) => {
      const input = (await request.json()) as ApiClientInput;
      sent.push(input);
      const client: ApiClient = {
        ...STUDIO,
        id: 'a3',
        name: input.name,
        kind: input.kind,
        all_companies: input.all_companies ?? false,
        companies: input.companies ?? [],
        rate_limit_per_minute: input.rate_limit_per_minute ?? 1200,
        secret_hint: SECRET.slice(-4),
        use_count: 0,
        last_used_at: null,
      };
      stored = [client, ...stored];
      return HttpResponse.json<ApiClientSecret>({ client, secret: SECRET }, { status: 201 });
    }),
    http.post('/api/v1/api-clients/:id/rotate', ({ params }) => {
      rotated.push(String(params.id));
      stored = stored.map((c) => (c.id === params.id ? { ...c, secret_hint: ROTATED.slice(-4) } : c));
      const client = stored.find(({ id }) => id === params.id) ?? STUDIO;
      return HttpResponse.json<ApiClientSecret>({ client, secret: ROTATED });
    }),
    http.post('/api/v1/api-clients/:id/revoke', ({ params }) => {
      revoked.push(String(params.id));
      stored = stored.map((c) => (c.id === params.id ? { ...c, revoked_at: '2026-11-25T10:00:00Z' } : c));
      return HttpResponse.json(stored.find(({ id }) => id === params.id));
    }),
  );
  return { sent, revoked, rotated };
}

async function openList() {
  renderApp('/main/apiClients', { user: TEST_USER });
  expect(await screen.findByRole('heading', { level: 1, name: 'API clients' })).toBeInTheDocument();
  return screen.findByRole('row', { name: /Studio game server/ });
}

/** Everything the app's query client keeps: every query's and every mutation's state. */
function cached(): string {
  const client = clients.at(-1);
  if (!client) throw new Error('no query client was created');
  return JSON.stringify([
    client.getQueryCache().getAll().map(({ queryKey, state }) => ({ queryKey, state })),
    client.getMutationCache().getAll().map(({ state }) => state),
  ]);
}

describe('the API clients list', () => {
  it('shows each client with its scope, usage, status and only the hint of its secret', async () => {
    answerClients();
    const studio = await openList();
    expect(studio).toHaveTextContent('Game');
    expect(studio).toHaveTextContent('All companies');
    expect(studio).toHaveTextContent('1,200');
    expect(studio).toHaveTextContent('3,456');
    expect(studio).toHaveTextContent('Active');
    expect(studio).toHaveTextContent('…Qx7z');
    expect(within(studio).getByRole('button', { name: 'Rotate secret' })).toBeInTheDocument();
    expect(within(studio).getByRole('button', { name: 'Revoke' })).toBeInTheDocument();

    const reports = screen.getByRole('row', { name: /Partner reports/ });
    expect(reports).toHaveTextContent('Partner');
    expect(reports).toHaveTextContent('Meridian Bank, Orbis Manufacturing');
    expect(reports).toHaveTextContent('Never');
    expect(reports).toHaveTextContent('Revoked');
    expect(reports).toHaveTextContent('…k9Pw');
    // A revoked client is listed for the record, with nothing left to do.
    expect(within(reports).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is in the super admin’s sidebar', async () => {
    answerClients();
    await openList();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'API clients' })).toHaveAttribute('href', '/main/apiClients');
  });
});

describe('adding an API client', () => {
  async function openForm() {
    const user = userEvent.setup();
    await openList();
    await user.click(screen.getByRole('button', { name: 'Add API client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an API client' });
    return { user, dialog };
  }

  it('checks the fields before sending anything', async () => {
    const { sent } = answerClients();
    const { user, dialog } = await openForm();
    await user.click(within(dialog).getByRole('radio', { name: 'Only these companies' }));
    const limit = within(dialog).getByRole('spinbutton', { name: /Rate limit/ });
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose at least one company')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a whole number from 1 to 100,000')).toBeInTheDocument();

    await user.clear(limit);
    await user.type(limit, '100001');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(await within(dialog).findByText('Please enter a whole number from 1 to 100,000')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("puts the server's field problems on their fields", async () => {
    answerClients();
    apiServer.use(
      http.post('/api/v1/api-clients', () =>
        problem(422, 'VALIDATION_FAILED', {
          errors: [
            { field: 'name', code: 'CONTROL_CHARACTER' },
            { field: 'companies', code: 'UNKNOWN' },
          ],
        }),
      ),
    );
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Game server');
    await user.click(within(dialog).getByRole('radio', { name: 'Only these companies' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Companies/ }));
    await user.click(await screen.findByRole('option', { name: 'Orbis Manufacturing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));
    expect(
      await within(dialog).findByText('Remove the invisible control characters from this text.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('This choice does not exist (any more).')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add an API client' })).toBeInTheDocument();
  });

  it('shows the new secret once, copies it, and leaves only its hint once closed', async () => {
    const { sent } = answerClients();
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Arcade build server');
    await user.click(within(dialog).getByRole('radio', { name: /^Game/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only these companies' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Companies/ }));
    await user.click(await screen.findByRole('option', { name: 'Meridian Bank' }));
    const limit = within(dialog).getByRole('spinbutton', { name: /Rate limit/ });
    await user.clear(limit);
    await user.type(limit, '600');
    await user.click(within(dialog).getByRole('button', { name: 'Create client' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'The secret of Arcade build server' });
    expect(sent).toEqual([
      { name: 'Arcade build server', kind: 'game', all_companies: false, companies: ['c1'], rate_limit_per_minute: 600 },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Add an API client' })).not.toBeInTheDocument();
    expect(within(secretDialog).getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(within(secretDialog).getByRole('textbox', { name: 'Secret' })).toHaveValue(SECRET);
    // The answer's secret is the screen's alone: no query nor mutation keeps it.
    expect(cached()).not.toContain(SECRET);

    await user.click(within(secretDialog).getByRole('button', { name: 'Copy secret' }));
    expect(await within(secretDialog).findByText('Copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Neither a click beside it nor Escape closes it by mistake.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'The secret of Arcade build server' })).toBeInTheDocument();

    await user.click(within(secretDialog).getByRole('button', { name: 'I have stored the secret' }));
    const row = await screen.findByRole('row', { name: /Arcade build server/ });
    expect(row).toHaveTextContent(`…${SECRET.slice(-4)}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(document.body.innerHTML).not.toContain(SECRET.slice(0, -4));
    expect(cached()).not.toContain(SECRET);
  });
});

describe('rotating and revoking', () => {
  it('rotates a secret after asking, and shows the new one once', async () => {
    const { rotated } = answerClients();
    const user = userEvent.setup();
    const studio = await openList();
    await user.click(within(studio).getByRole('button', { name: 'Rotate secret' }));
    const confirm = screen.getByRole('dialog', { name: 'Rotate the secret of Studio game server?' });
    expect(confirm).toHaveTextContent('The current secret stops working at once');
    expect(rotated).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'The new secret of Studio game server' });
    expect(rotated).toEqual(['a1']);
    expect(within(secretDialog).getByRole('textbox', { name: 'Secret' })).toHaveValue(ROTATED);
    expect(cached()).not.toContain(ROTATED);
    await user.click(within(secretDialog).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /Studio game server/ })).toHaveTextContent(`…${ROTATED.slice(-4)}`),
    );
    expect(document.body.innerHTML).not.toContain(ROTATED);
  });

  it('revokes a client only once confirmed, and keeps it listed as revoked', async () => {
    const { revoked } = answerClients();
    const user = userEvent.setup();
    const studio = await openList();
    await user.click(within(studio).getByRole('button', { name: 'Revoke' }));
    let confirm = screen.getByRole('dialog', { name: 'Revoke Studio game server?' });
    expect(confirm).toHaveTextContent('this cannot be undone');

    // Cancel leaves it alone.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(revoked).toEqual([]);

    await user.click(within(studio).getByRole('button', { name: 'Revoke' }));
    confirm = screen.getByRole('dialog', { name: 'Revoke Studio game server?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Studio game server has been revoked.')).toBeInTheDocument();
    expect(revoked).toEqual(['a1']);
    await waitFor(() => expect(screen.getByRole('row', { name: /Studio game server/ })).toHaveTextContent('Revoked'));
    expect(within(screen.getByRole('row', { name: /Studio game server/ })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says why a revocation failed and stays open', async () => {
    answerClients();
    apiServer.use(http.post('/api/v1/api-clients/:id/revoke', () => problem(404, 'NOT_FOUND')));
    const user = userEvent.setup();
    const studio = await openList();
    await user.click(within(studio).getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke Studio game server?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(confirm).findByText('The requested item was not found.')).toBeInTheDocument();
  });
});
