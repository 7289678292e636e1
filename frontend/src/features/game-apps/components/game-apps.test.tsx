import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ApiClient, GameApp, GameAppInput } from '@/api/gen/playtrack.schemas';
import { i18n } from '@/lib/i18n';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const STUDIO: ApiClient = {
  id: 'k1',
  name: 'Studio game server',
  kind: 'game',
  all_companies: true,
  companies: [],
  secret_hint: 'Qx7z',
  rate_limit_per_minute: 1200,
  use_count: 3,
  last_used_at: null,
  created_at: '2026-11-01T10:00:00Z',
  rotated_at: null,
  revoked_at: null,
};
const OLD_SERVER: ApiClient = { ...STUDIO, id: 'k2', name: 'Old game server', revoked_at: '2026-11-10T10:00:00Z' };
const PARTNER: ApiClient = { ...STUDIO, id: 'k3', name: 'Partner reports', kind: 'partner' };

const ACADEMY: GameApp = {
  id: 'g1',
  name: 'Playtrack Academy',
  client_id: 'game_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdef',
  redirect_uris: ['com.playtrack.academy:/callback', 'http://127.0.0.1/callback'],
  scopes: ['play', 'reports'],
  api_client_id: STUDIO.id,
  created_at: '2026-11-20T08:00:00Z',
  disabled_at: null,
};
const KIOSK: GameApp = {
  id: 'g2',
  name: 'Kiosk edition',
  client_id: 'game_kiosk0000000000000000000000000000000000000',
  redirect_uris: ['https://kiosk.example.com/oauth'],
  scopes: ['play'],
  api_client_id: OLD_SERVER.id,
  created_at: '2026-11-02T08:00:00Z',
  disabled_at: '2026-11-21T09:00:00Z',
};


interface Sent {
  method: string;
  id?: string;
  body: GameAppInput;
}

/** A fake server holding `initial`, which adds what is created and saves what is changed. */
function answerGameApps(initial: GameApp[] = [ACADEMY, KIOSK]) {
  let stored = [...initial];
  const sent: Sent[] = [];
  const saved = (app: GameApp | undefined, body: GameAppInput): GameApp => ({
    ...(app ?? { id: 'g3', client_id: 'game_NewClientId', created_at: '2026-11-25T10:00:00Z' }),
    name: body.name,
    redirect_uris: body.redirect_uris,
    scopes: body.scopes,
    api_client_id: body.api_client_id,
    disabled_at: body.disabled ? (app?.disabled_at ?? '2026-11-25T10:00:00Z') : null,
  });
  apiServer.use(
    http.get('/api/v1/api-clients', () =>
      HttpResponse.json({ items: [OLD_SERVER, PARTNER, STUDIO], total: 3, page: 1, per_page: 200 }),
    ),
    http.get('/api/v1/game-apps', () => HttpResponse.json(stored)),
    http.post('/api/v1/game-apps', async ({ request }) => {
      const body = (await request.json()) as GameAppInput;
      sent.push({ method: 'POST', body });
      const app = saved(undefined, body);
      stored = [app, ...stored];
      return HttpResponse.json(app, { status: 201 });
    }),
    http.put('/api/v1/game-apps/:id', async ({ params, request }) => {
      const body = (await request.json()) as GameAppInput;
      const id = String(params.id);
      sent.push({ method: 'PUT', id, body });
      const app = saved(
        stored.find((candidate) => candidate.id === id),
        body,
      );
      stored = stored.map((candidate) => (candidate.id === id ? app : candidate));
      return HttpResponse.json(app);
    }),
  );
  return { sent };
}

async function openList() {
  const user = userEvent.setup();
  renderApp('/main/gameApps', { user: TEST_USER });
  expect(await screen.findByRole('heading', { level: 1, name: 'Game apps' })).toBeInTheDocument();
  await screen.findByRole('row', { name: /Playtrack Academy/ });
  return user;
}

const row = (name: RegExp) => screen.getByRole('row', { name });

async function openForm(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Add game app' }));
  return screen.findByRole('dialog', { name: 'Add a game app' });
}

async function chooseReportsAs(user: UserEvent, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /^Reports as/ }));
  await user.click(await screen.findByRole('option', { name }));
}

/** The text field of redirect URI row `number` (from 1). */
const uriRow = (dialog: HTMLElement, number: number) =>
  within(dialog).getByRole('textbox', { name: `Redirect URI ${number}` });

describe('the game apps list', () => {
  it('shows each app with its client id, redirect URIs, scopes, API client, status and date', async () => {
    answerGameApps();
    await openList();
    const rows = within(screen.getByRole('table', { name: 'Game apps' })).getAllByRole('row');
    // Newest first, as the server lists them.
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('NameClient id'),
      expect.stringContaining('Playtrack Academy'),
      expect.stringContaining('Kiosk edition'),
    ]);

    const academy = row(/Playtrack Academy/);
    expect(academy).toHaveTextContent(ACADEMY.client_id);
    expect(within(academy).getByText('com.playtrack.academy:/callback')).toHaveAttribute('dir', 'ltr');
    expect(academy).toHaveTextContent('http://127.0.0.1/callback');
    expect(within(academy).getByText('Play')).toBeInTheDocument();
    expect(within(academy).getByText('Reports')).toBeInTheDocument();
    expect(academy).toHaveTextContent('Studio game server');
    expect(academy).toHaveTextContent('Active');
    expect(academy).toHaveTextContent('20/11/2026');
    expect(within(academy).getByRole('button', { name: 'Disable' })).toBeInTheDocument();

    const kiosk = row(/Kiosk edition/);
    expect(within(kiosk).queryByText('Reports')).not.toBeInTheDocument();
    expect(kiosk).toHaveTextContent('Old game server (revoked)');
    expect(kiosk).toHaveTextContent('Disabled');
    expect(within(kiosk).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('copies a client id', async () => {
    answerGameApps();
    const user = await openList();
    await user.click(within(row(/Playtrack Academy/)).getByRole('button', { name: 'Copy client id' }));
    expect(await screen.findByText('The client id of Playtrack Academy has been copied to the clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(ACADEMY.client_id);
  });

  it('says so when there is no app yet', async () => {
    answerGameApps([]);
    renderApp('/main/gameApps', { user: TEST_USER });
    expect(await screen.findByText('No game app has been registered yet.')).toBeInTheDocument();
  });

  it('is in the super admin’s sidebar, in place of "Coming soon"', async () => {
    answerGameApps();
    await openList();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Game apps' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('reads in Arabic, the addresses and client ids left to right', async () => {
    answerGameApps();
    await i18n.changeLanguage('ar');
    renderApp('/main/gameApps', { user: TEST_USER });
    expect(await screen.findByRole('heading', { level: 1, name: 'تطبيقات الألعاب' })).toBeInTheDocument();
    const academy = await screen.findByRole('row', { name: /Playtrack Academy/ });
    expect(within(academy).getByText('اللعب')).toBeInTheDocument();
    expect(within(academy).getByText(ACADEMY.client_id)).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('adding a game app', () => {
  it('checks the fields as the server would before sending anything', async () => {
    const { sent } = answerGameApps();
    const user = await openList();
    const dialog = await openForm(user);
    // Only live game clients are offered.
    await user.click(within(dialog).getByRole('combobox', { name: /^Reports as/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Studio game server']);
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('checkbox', { name: /^Play/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a redirect URI')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose at least one scope')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose the API client this app reports as')).toBeInTheDocument();

    const cases: [string, string][] = [
      ['http://localhost:8400/callback', 'Use 127.0.0.1 or [::1] instead of localhost'],
      ['http://127.0.0.1/callback#done', 'A redirect URI has no #fragment'],
      ['http://game.example.com/callback', 'Plain http:// only to 127.0.0.1 or [::1]; use https:// anywhere else'],
      ['mygame:/callback', 'A custom scheme is a reverse domain name the game owns, such as com.example.game:/callback'],
      ['game.example.com/callback', 'Please enter a whole address with its scheme, such as https://game.example.com/callback'],
    ];
    for (const [uri, message] of cases) {
      await user.clear(uriRow(dialog, 1));
      await user.type(uriRow(dialog, 1), uri);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }

    // The same address twice: the later row is the repeat.
    // (Pasted: user.type reads brackets as keys.)
    await user.clear(uriRow(dialog, 1));
    await user.paste('http://[::1]/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Add redirect URI' }));
    await user.click(uriRow(dialog, 2));
    await user.paste('http://[0:0:0:0:0:0:0:1]/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This redirect URI is already in the list')).toBeInTheDocument();
    expect(uriRow(dialog, 2)).toHaveAccessibleDescription('This redirect URI is already in the list');
    expect(uriRow(dialog, 1)).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('sends the name, redirect URIs, scopes and API client, and lists the new app', async () => {
    const { sent } = answerGameApps();
    const user = await openList();
    const dialog = await openForm(user);
    // One row to start with, which cannot be removed.
    expect(within(dialog).getByRole('button', { name: 'Remove redirect URI 1' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Academy for Android ');
    await user.type(uriRow(dialog, 1), 'com.playtrack.android:/callback');
    await user.click(within(dialog).getByRole('button', { name: 'Add redirect URI' }));
    await user.type(uriRow(dialog, 2), 'http://127.0.0.1:8400/wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Add redirect URI' }));
    await user.type(uriRow(dialog, 3), ' https://academy.example.com/oauth ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove redirect URI 2' }));
    expect(uriRow(dialog, 2)).toHaveValue(' https://academy.example.com/oauth ');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Reports/ }));
    await chooseReportsAs(user, dialog, 'Studio game server');
    expect(within(dialog).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Academy for Android has been registered; its client id is in the list.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          name: 'Academy for Android',
          redirect_uris: ['com.playtrack.android:/callback', 'https://academy.example.com/oauth'],
          scopes: ['play', 'reports'],
          api_client_id: STUDIO.id,
          disabled: false,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Academy for Android/ })).toHaveTextContent('game_NewClientId');
  });

  it("puts the server's field problems on their fields, redirect_uris.1 on the second row", async () => {
    answerGameApps();
    apiServer.use(
      http.post('/api/v1/game-apps', () =>
        problem(422, 'VALIDATION_FAILED', {
          errors: [
            { field: 'redirect_uris.1', code: 'REDIRECT_URI' },
            { field: 'api_client_id', code: 'UNKNOWN' },
          ],
        }),
      ),
    );
    const user = await openList();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Academy');
    await user.type(uriRow(dialog, 1), 'http://127.0.0.1/callback');
    await user.click(within(dialog).getByRole('button', { name: 'Add redirect URI' }));
    await user.type(uriRow(dialog, 2), 'https://academy.example.com/oauth');
    await chooseReportsAs(user, dialog, 'Studio game server');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const message = await within(dialog).findByText(/^Use http:\/\/127\.0\.0\.1\/… \(any port\)/);
    expect(uriRow(dialog, 2)).toHaveAttribute('aria-invalid', 'true');
    expect(uriRow(dialog, 2)).toHaveAccessibleDescription(message.textContent);
    expect(uriRow(dialog, 1)).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('This choice does not exist (any more).')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add a game app' })).toBeInTheDocument();
  });
});

describe('changing a game app', () => {
  it('edits an app from its row, its client id shown and kept', async () => {
    const { sent } = answerGameApps();
    const user = await openList();
    await user.click(within(row(/Playtrack Academy/)).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Playtrack Academy' });
    expect(dialog).toHaveTextContent(ACADEMY.client_id);
    expect(uriRow(dialog, 2)).toHaveValue('http://127.0.0.1/callback');
    expect(within(dialog).getByRole('combobox', { name: /^Reports as/ })).toHaveTextContent('Studio game server');
    await user.click(within(dialog).getByRole('button', { name: 'Remove redirect URI 1' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Reports/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Playtrack Academy has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        id: ACADEMY.id,
        body: {
          name: 'Playtrack Academy',
          redirect_uris: ['http://127.0.0.1/callback'],
          scopes: ['play'],
          api_client_id: STUDIO.id,
          disabled: false,
        },
      },
    ]);
  });

  it('disables an app only once confirmed, saying the game stops signing trainees in', async () => {
    const { sent } = answerGameApps();
    const user = await openList();
    await user.click(within(row(/Playtrack Academy/)).getByRole('button', { name: 'Disable' }));
    let confirm = screen.getByRole('dialog', { name: 'Disable Playtrack Academy?' });
    expect(confirm).toHaveTextContent('The game will stop signing trainees in at once');

    // Cancel leaves it alone.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(within(row(/Playtrack Academy/)).getByRole('button', { name: 'Disable' }));
    confirm = screen.getByRole('dialog', { name: 'Disable Playtrack Academy?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Playtrack Academy has been disabled: it signs nobody in.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        id: ACADEMY.id,
        body: {
          name: ACADEMY.name,
          redirect_uris: ACADEMY.redirect_uris,
          scopes: ACADEMY.scopes,
          api_client_id: STUDIO.id,
          disabled: true,
        },
      },
    ]);
    await waitFor(() => expect(row(/Playtrack Academy/)).toHaveTextContent('Disabled'));
    expect(within(row(/Playtrack Academy/)).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it('says why disabling failed and stays open', async () => {
    answerGameApps();
    apiServer.use(http.put('/api/v1/game-apps/:id', () => problem(404, 'NOT_FOUND')));
    const user = await openList();
    await user.click(within(row(/Playtrack Academy/)).getByRole('button', { name: 'Disable' }));
    const confirm = screen.getByRole('dialog', { name: 'Disable Playtrack Academy?' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await within(confirm).findByText('The requested item was not found.')).toBeInTheDocument();
  });

  it('enables a disabled app at once', async () => {
    const { sent } = answerGameApps();
    const user = await openList();
    await user.click(within(row(/Kiosk edition/)).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Kiosk edition has been enabled: trainees can sign in to it again.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        id: KIOSK.id,
        body: {
          name: KIOSK.name,
          redirect_uris: KIOSK.redirect_uris,
          scopes: KIOSK.scopes,
          api_client_id: OLD_SERVER.id,
          disabled: false,
        },
      },
    ]);
    await waitFor(() => expect(row(/Kiosk edition/)).toHaveTextContent('Active'));
  });

  it('asks for the API client first when an app reports as none', async () => {
    const { sent } = answerGameApps([{ ...ACADEMY, api_client_id: null }]);
    const user = await openList();
    expect(row(/Playtrack Academy/)).toHaveTextContent('Not chosen');
    await user.click(within(row(/Playtrack Academy/)).getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Playtrack Academy' });
    expect(dialog).toHaveTextContent('Choose the API client this app reports as, then save.');
    expect(within(dialog).getByRole('switch', { name: 'Enabled' })).not.toBeChecked();
    await chooseReportsAs(user, dialog, 'Studio game server');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Playtrack Academy has been saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        id: ACADEMY.id,
        body: {
          name: ACADEMY.name,
          redirect_uris: ACADEMY.redirect_uris,
          scopes: ACADEMY.scopes,
          api_client_id: STUDIO.id,
          disabled: true,
        },
      },
    ]);
  });
});
