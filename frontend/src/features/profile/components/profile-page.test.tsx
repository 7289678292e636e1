import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ActiveSession, Profile, ProfileInput } from '@/api/gen/playtrack.schemas';
import { i18n } from '@/lib/i18n';
import { getSessionUser, type SessionUser } from '@/lib/session';
import { SESSION_CHANNEL, type SessionMessage } from '@/lib/session-channel';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { formatsFor } from '@/lib/formats';
import { renderApp, TEST_USER } from '@/testing/render-app';

const PAGE = '/main/profile/basic-info';

const PROFILE: Profile = { ...TEST_USER, locale: 'en', has_photo: false };

const SESSIONS: ActiveSession[] = [
  {
    id: 's1',
    kind: 'password',
    created_at: '2026-03-02T09:15:00Z',
    last_seen_at: '2026-03-03T16:40:00Z',
    ip: '203.0.113.7',
    user_agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
    current: true,
  },
  {
    id: 's2',
    kind: 'game_app',
    created_at: '2026-02-20T08:00:00Z',
    last_seen_at: '2026-03-01T12:00:00Z',
    ip: null,
    user_agent: 'UnityPlayer/2022.3.1f1',
    current: false,
  },
];

interface Upload {
  type: string | null;
  bytes: number[];
}

/** The start of a JPEG: what the fake server keeps of any photo, as the real one re-encodes. */
const JPEG_BYTES = [0xff, 0xd8, 0xff, 0xe0];
const SERVED_PHOTO = 'data:image/jpeg;base64,/9j/4A==';

/** The fake server's side of the profile, recording what the page sent it. */
function answerProfile(initial: Partial<Profile> = {}) {
  const server = {
    profile: { ...PROFILE, ...initial },
    saved: [] as ProfileInput[],
    uploads: [] as Upload[],
    deletes: 0,
    signOuts: 0,
  };
  apiServer.use(
    http.get('/api/v1/me/profile', () => HttpResponse.json(server.profile)),
    http.put('/api/v1/me/profile', async ({ request }) => {
      const input = (await request.json()) as ProfileInput;
      server.saved.push(input);
      server.profile = { ...server.profile, ...input };
      return HttpResponse.json(server.profile);
    }),
    http.get('/api/v1/me/photo', () =>
      server.profile.has_photo
        ? new HttpResponse(new Uint8Array(JPEG_BYTES), { headers: { 'Content-Type': 'image/jpeg' } })
        : new HttpResponse(null, { status: 204 }),
    ),
    http.put('/api/v1/me/photo', async ({ request }) => {
      server.uploads.push({ type: request.headers.get('content-type'), bytes: [...new Uint8Array(await request.arrayBuffer())] });
      server.profile = { ...server.profile, has_photo: true };
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('/api/v1/me/photo', () => {
      server.deletes += 1;
      server.profile = { ...server.profile, has_photo: false };
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/v1/me/sessions', () => HttpResponse.json(SESSIONS)),
    http.post('/api/v1/me/sessions/sign-out-everywhere', () => {
      server.signOuts += 1;
      return HttpResponse.json({ sessions: SESSIONS.length });
    }),
  );
  return server;
}

async function openProfile(url = PAGE, user: SessionUser = TEST_USER) {
  const view = renderApp(url, { user });
  expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  return view;
}

const card = (name: string) => screen.findByRole('region', { name });
const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('the basic information', () => {
  it('shows the e-mail read-only and saves a new name and language, which the UI then speaks', async () => {
    const server = answerProfile();
    // Another tab of the app, which shows the same person.
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    const heard: SessionMessage[] = [];
    otherTab.onmessage = (event: MessageEvent<SessionMessage>) => heard.push(event.data);
    onTestFinished(() => otherTab.close());
    await openProfile();
    const user = userEvent.setup();
    const basics = await card('Basic information');

    const email = within(basics).getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveValue(TEST_USER.email);
    expect(email).toHaveAttribute('readonly');
    expect(basics).toHaveTextContent('You sign in with this address; it cannot be changed here.');

    const name = within(basics).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Asha Rao-Menon');
    await user.click(within(basics).getByRole('combobox', { name: 'Preferred language' }));
    await user.click(await screen.findByRole('option', { name: 'Italiano' }));
    await user.click(within(basics).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Il tuo profilo è stato salvato.')).toBeInTheDocument();
    expect(server.saved).toEqual([{ name: 'Asha Rao-Menon', locale: 'it' }]);
    expect(i18n.language).toBe('it');
    expect(screen.getByRole('heading', { level: 1, name: 'Profilo' })).toBeInTheDocument();
    // The name the header shows follows the saved one.
    expect(getSessionUser()?.name).toBe('Asha Rao-Menon');
    expect(screen.getByRole('button', { name: /Asha Rao-Menon/ })).toBeInTheDocument();
    // And so does the other tab's.
    await waitFor(() => expect(heard.map((message) => message.type === 'updated' && message.user.name)).toEqual(['Asha Rao-Menon']));
  });

  it("refuses an empty name before sending, and shows the server's reason on its field", async () => {
    const server = answerProfile();
    await openProfile();
    const user = userEvent.setup();
    const basics = await card('Basic information');
    const name = within(basics).getByRole('textbox', { name: /^Name/ });

    await user.clear(name);
    await user.click(within(basics).getByRole('button', { name: 'Save' }));
    expect(await within(basics).findByText('This field is required.')).toBeInTheDocument();
    expect(server.saved).toEqual([]);

    apiServer.use(
      http.put('/api/v1/me/profile', () =>
        problem(422, 'VALIDATION_FAILED', { errors: [{ field: 'name', code: 'CONTROL_CHARACTER' }] }),
      ),
    );
    await user.type(name, 'Asha\u0007');
    await user.click(within(basics).getByRole('button', { name: 'Save' }));
    expect(await within(basics).findByText('Remove the invisible control characters from this text.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('the photo', () => {
  it('is the initials while there is none', async () => {
    answerProfile();
    await openProfile();
    const photo = await card('Photo');
    expect(within(photo).getByText('AR')).toBeInTheDocument();
    expect(within(photo).queryByRole('img')).not.toBeInTheDocument();
    expect(within(photo).queryByRole('button', { name: 'Delete photo' })).not.toBeInTheDocument();
  });

  it('is the served photo when there is one', async () => {
    answerProfile({ has_photo: true });
    await openProfile();
    const photo = await card('Photo');
    expect(await within(photo).findByRole('img', { name: 'Photo of Asha Rao' })).toHaveAttribute('src', SERVED_PHOTO);
    expect(within(photo).queryByText('AR')).not.toBeInTheDocument();
  });

  it('uploads the chosen file as it is and shows the photo the server then serves', async () => {
    const server = answerProfile();
    await openProfile();
    const user = userEvent.setup();
    const photo = await card('Photo');

    await user.upload(within(photo).getByLabelText('Photo file'), new File([new Uint8Array(PNG_BYTES)], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText('Your photo has been updated.')).toBeInTheDocument();
    expect(server.uploads).toEqual([{ type: 'image/png', bytes: PNG_BYTES }]);
    expect(within(photo).getByRole('img', { name: 'Photo of Asha Rao' })).toHaveAttribute('src', SERVED_PHOTO);
  });

  it('refuses a file over 8 MB without sending it', async () => {
    const server = answerProfile();
    await openProfile();
    const user = userEvent.setup();
    const photo = await card('Photo');
    const large = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });

    await user.upload(within(photo).getByLabelText('Photo file'), large);

    expect(await within(photo).findByRole('alert')).toHaveTextContent('The photo may be at most 8 MB.');
    expect(server.uploads).toEqual([]);
  });

  it("shows the server's reason when it refuses the photo", async () => {
    answerProfile();
    apiServer.use(
      http.put('/api/v1/me/photo', () => problem(422, 'VALIDATION_FAILED', { errors: [{ field: 'photo', code: 'PHOTO_TYPE' }] })),
    );
    await openProfile();
    const user = userEvent.setup();
    const photo = await card('Photo');

    await user.upload(within(photo).getByLabelText('Photo file'), new File(['<html></html>'], 'not.png', { type: 'image/png' }));

    expect(await within(photo).findByRole('alert')).toHaveTextContent('The photo must be a PNG, JPEG or WebP image.');
    expect(within(photo).getByText('AR')).toBeInTheDocument();
  });

  it('is deleted only once the person confirms, and the initials come back', async () => {
    const server = answerProfile({ has_photo: true });
    await openProfile();
    const user = userEvent.setup();
    const photo = await card('Photo');

    await user.click(await within(photo).findByRole('button', { name: 'Delete photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your photo?' });
    expect(dialog).toHaveTextContent('Your initials will be shown instead.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.deletes).toBe(0);

    await user.click(within(photo).getByRole('button', { name: 'Delete photo' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete your photo?' })).getByRole('button', { name: 'Delete photo' }));

    expect(await screen.findByText('Your photo has been deleted.')).toBeInTheDocument();
    expect(server.deletes).toBe(1);
    expect(await within(photo).findByText('AR')).toBeInTheDocument();
    expect(within(photo).queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('the sessions', () => {
  const moment = (language: string, value: string) => formatsFor(language).dateTime(value);

  it('lists each live session with its device, how it was opened and when, this one marked', async () => {
    answerProfile();
    await openProfile();
    const sessions = await card('Sessions');
    const items = await within(sessions).findAllByRole('listitem');

    expect(items).toHaveLength(2);
    const [current, game] = items as [HTMLElement, HTMLElement];
    expect(current).toHaveTextContent('Chrome on Windows');
    expect(current).toHaveTextContent('This device');
    expect(current).toHaveTextContent('Signed in with a password · IP address 203.0.113.7');
    expect(current).toHaveTextContent(`Started ${moment('en', SESSIONS[0]?.created_at ?? '')}`);
    expect(current).toHaveTextContent(`Last active ${moment('en', SESSIONS[0]?.last_seen_at ?? '')}`);
    expect(game).toHaveTextContent('Unknown device');
    expect(game).toHaveTextContent('Game app');
    expect(game).not.toHaveTextContent('This device');
    expect(game).not.toHaveTextContent('IP address');
  });

  it("says the dates in the reader's language", async () => {
    answerProfile();
    await i18n.changeLanguage('fr');
    renderApp(PAGE, { user: TEST_USER });
    const sessions = await screen.findByRole('region', { name: 'Sessions ouvertes' });
    const [current] = await within(sessions).findAllByRole('listitem');

    expect(current).toHaveTextContent('Chrome sur Windows');
    expect(current).toHaveTextContent('Cet appareil');
    expect(current).toHaveTextContent(`Ouverte le ${moment('fr', SESSIONS[0]?.created_at ?? '')}`);
  });

  it('signs out everywhere once the person confirms, then opens the sign-in page', async () => {
    const server = answerProfile();
    const { router } = await openProfile();
    const user = userEvent.setup();
    const sessions = await card('Sessions');

    await user.click(within(sessions).getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('Every session listed here ends, this one included');
    expect(server.signOuts).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('You have been signed out.')).toBeInTheDocument();
    expect(server.signOuts).toBe(1);
    expect(getSessionUser()).toBeNull();
  });
});

describe("every role's profile", () => {
  it.each([
    ['SUPER_ADMIN', '/main/profile/basic-info'],
    ['COMPANY_ADMIN', '/companyadmin/profile/basic-info'],
    ['USER', '/user/profile/basic-info'],
  ] as const)('is open to a %s at %s, and their user menu leads there', async (role, path) => {
    const person: SessionUser = { ...TEST_USER, role };
    answerProfile({ role });
    await openProfile(path, person);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: `Account of ${person.name}` }));
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute('href', path);
  });
});
