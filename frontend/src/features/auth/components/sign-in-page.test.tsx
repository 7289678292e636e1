import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LoginRequest, LoginResponse, SessionGrant } from '@/api/gen/playtrack.schemas';
import { REDIRECT_DELAY_MS } from '@/lib/constants';
import { getChallenge, getSessionUser, getStartUrl, isSignedIn, SESSION_KEYS } from '@/lib/session';
import { SESSION_CHANNEL, type SessionMessage } from '@/lib/session-channel';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';
import { scriptReadable } from '@/testing/script-readable';

const ME = {
  id: '00000000-0000-0000-0000-0000000000aa',
  name: 'Kavya Iyer',
  email: 'kavya.iyer@meridian-bank.example',
  role: 'USER',
  company_id: '00000000-0000-0000-0000-0000000000cc',
} as const;

const GRANT: SessionGrant = { token: 'token-kavya', expires_at: '2026-11-22T12:00:00Z', user: ME };

const EULA_CHALLENGE: LoginResponse = {
  status: 'eula_required',
  challenge: 'eula-challenge-1',
  expires_at: '2026-11-22T03:00:00Z',
  eula: {
    version: 1,
    locale: 'en',
    text: 'Playtrack training licence\n\n1. One person per licence.',
    published_at: '2026-11-22T00:00:00Z',
  },
};

/** Answers the login with `response` and records what was sent. */
function answerLogin(response: LoginResponse | (() => Response)) {
  const sent: LoginRequest[] = [];
  apiServer.use(
    http.post('/api/v1/auth/login', async ({ request }) => {
      sent.push((await request.json()) as LoginRequest);
      return typeof response === 'function' ? response() : HttpResponse.json(response);
    }),
  );
  return sent;
}

async function openSignIn(path = '/signin', options: Parameters<typeof userEvent.setup>[0] = {}) {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in' });
  return { ...view, user: userEvent.setup(options) };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email = 'kavya.iyer@meridian-bank.example') {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), 'Secret-Pass1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in form', () => {
  it("asks for both fields with the seed's messages", async () => {
    const { user } = await openSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  });

  it('rejects an address that is not an e-mail', async () => {
    const { user } = await openSignIn();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('enter valid email')).toBeInTheDocument();
  });

  it('links to the password reset', async () => {
    await openSignIn();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('is the same page on /login', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
  });
});

describe('signing in with a password', () => {
  it('sends the e-mail trimmed and lower-cased', async () => {
    const sent = answerLogin({ status: 'session', ...GRANT });
    const { user } = await openSignIn();
    await signIn(user, '  Kavya.Iyer@Meridian-Bank.example ');
    await screen.findByText('Signed in. Opening your dashboard…');
    expect(sent).toEqual([{ email: 'kavya.iyer@meridian-bank.example', password: 'Secret-Pass1' }]);
  });

  it('keeps the session and opens the dashboard after exactly the redirect delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerLogin({ status: 'session', ...GRANT });
    const { user, router } = await openSignIn('/signin', { advanceTimers: vi.advanceTimersByTime });
    await signIn(user);

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(scriptReadable()).not.toContain('token-kavya');
    expect(getSessionUser()).toEqual({ id: ME.id, name: ME.name, email: ME.email, role: 'USER' });
    expect(getStartUrl()).toBe('/dashboard/crm');
    expect(REDIRECT_DELAY_MS).toBe(2_000);

    // The clock has moved a little since the answer: well short of the delay, still here.
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 500));
    expect(router.state.location.pathname).toBe('/signin');

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(router.state.location.pathname).toBe('/dashboard/crm');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('tells the other tabs who signed in: they share the session cookie', async () => {
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    onTestFinished(() => otherTab.close());
    const heard: SessionMessage[] = [];
    otherTab.onmessage = (event: MessageEvent<SessionMessage>) => heard.push(event.data);
    answerLogin({ status: 'session', ...GRANT });
    const { user } = await openSignIn();
    await signIn(user);

    await waitFor(() =>
      expect(heard).toEqual([
        { type: 'signed-in', user: { id: ME.id, name: ME.name, email: ME.email, role: 'USER' } },
      ]),
    );
  });

  it('goes on to /verify-otp with the challenge when a code is required', async () => {
    answerLogin({
      status: 'otp_required',
      challenge: 'otp-challenge-1',
      expires_at: '2026-11-22T03:00:00Z',
      resend_after_seconds: 30,
    });
    const { user, router } = await openSignIn();
    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
    expect(sessionStorage.getItem(SESSION_KEYS.challenge)).toBe('otp-challenge-1');
    expect(isSignedIn()).toBe(false);
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', 'The e-mail or password is not correct.'],
    [403, 'ACCOUNT_DISABLED', 'This account is disabled. Contact your administrator.'],
  ] as const)('shows %s %s translated', async (status, code, message) => {
    answerLogin(() => problem(status, code));
    const { user } = await openSignIn();
    await signIn(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);
  });

  it.each([
    [900, 'Too many attempts. Try again in 15 min.'],
    [42, 'Too many attempts. Try again in 42 s.'],
  ])('says when to try again after RATE_LIMITED (%i s)', async (seconds, message) => {
    answerLogin(() => problem(429, 'RATE_LIMITED', { retry_after_seconds: seconds }));
    const { user } = await openSignIn();
    await signIn(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows a translated answer in the chosen language', async () => {
    answerLogin(() => problem(401, 'INVALID_CREDENTIALS'));
    renderApp('/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }));
    await user.type(await screen.findByLabelText('Adresse e-mail'), 'a@b.example');
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("L'e-mail ou le mot de passe est incorrect.")).toBeInTheDocument();
  });
});

describe('the licence agreement at sign-in', () => {
  async function openEula() {
    answerLogin(EULA_CHALLENGE);
    const view = await openSignIn('/login');
    await signIn(view.user);
    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    return { ...view, dialog };
  }

  it('shows the text, and neither Escape nor the backdrop closes it', async () => {
    const { dialog, user } = await openEula();
    expect(within(dialog).getByText(/One person per licence/)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    if (backdrop) fireEvent.click(backdrop);

    expect(screen.getByRole('dialog', { name: 'End-user licence agreement' })).toBeVisible();
    expect(isSignedIn()).toBe(false);
  });

  it('Decline ends the attempt: no session, still on /login, with a note', async () => {
    let challengeSent: string | null = null;
    apiServer.use(
      http.post('/api/v1/auth/eula/decline', ({ request }) => {
        challengeSent = request.headers.get('session-token');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { dialog, user, router } = await openEula();

    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(
      await screen.findByText('You declined the licence agreement, so you are not signed in.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(challengeSent).toBe('eula-challenge-1');
    expect(router.state.location.pathname).toBe('/login');
    expect(isSignedIn()).toBe(false);
    expect(getSessionUser()).toBeNull();
    expect(getChallenge()).toBeNull();
  });

  it('Accept opens the session and the dashboard after the delay', async () => {
    let challengeSent: string | null = null;
    apiServer.use(
      http.post('/api/v1/auth/eula/accept', ({ request }) => {
        challengeSent = request.headers.get('session-token');
        return HttpResponse.json(GRANT);
      }),
    );
    const { dialog, user, router } = await openEula();

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(challengeSent).toBe('eula-challenge-1');
    expect(isSignedIn()).toBe(true);
    expect(scriptReadable()).not.toContain('token-kavya');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/crm'));
  });

  it('sends the reader back to sign in when the challenge has expired', async () => {
    apiServer.use(http.post('/api/v1/auth/eula/accept', () => problem(401, 'CHALLENGE_EXPIRED')));
    const { dialog, user } = await openEula();

    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(
      await screen.findByText('Your sign-in took too long. Please sign in again.'),
    ).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);
  });
});
