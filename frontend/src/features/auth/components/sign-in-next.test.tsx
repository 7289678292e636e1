import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LoginResponse, SessionGrant } from '@/api/gen/playtrack.schemas';
import { REDIRECT_DELAY_MS } from '@/lib/constants';
import { getSessionUser, isSignedIn, setChallenge } from '@/lib/session';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const ME = {
  id: '00000000-0000-0000-0000-0000000000aa',
  name: 'Kavya Iyer',
  email: 'kavya.iyer@meridian-bank.example',
  role: 'USER',
  company_id: '00000000-0000-0000-0000-0000000000cc',
} as const;

const GRANT: SessionGrant = { token: 'token-kavya', expires_at: '2026-11-22T12:00:00Z', user: ME };
const SESSION: LoginResponse = { status: 'session', ...GRANT };

const EULA_CHALLENGE: LoginResponse = {
  status: 'eula_required',
  challenge: 'eula-challenge-1',
  expires_at: '2026-11-22T03:00:00Z',
  eula: { version: 1, locale: 'en', text: 'Playtrack training licence', published_at: '2026-11-22T00:00:00Z' },
};

/** The pause between a completed sign-in and the next page, on the test's clock. */
async function passTheDelay() {
  await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS));
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

function setupUser() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

function answerLogin(response: LoginResponse) {
  apiServer.use(http.post('/api/v1/auth/login', () => HttpResponse.json(response)));
}

/** Answers the game's link with `answer` and records the tokens sent. */
function answerGameLogin(answer: () => Response) {
  const tokens: string[] = [];
  apiServer.use(
    http.post('/api/v1/auth/game', async ({ request }) => {
      tokens.push(((await request.json()) as { token: string }).token);
      return answer();
    }),
  );
  return tokens;
}

async function signIn() {
  const user = setupUser();
  await user.type(await screen.findByLabelText('E-mail'), ME.email);
  await user.type(screen.getByLabelText('Password'), 'Secret-Pass1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

const fullPath = (location: { pathname: string; search: string }) => `${location.pathname}${location.search}`;

describe('a sign-in with ?next=', () => {
  it.each(['/login', '/signin'])('on %s lands on the next path, not the dashboard', async (page) => {
    answerLogin(SESSION);
    const { router } = renderApp(`${page}?next=${encodeURIComponent('/user/score?x=1')}`);
    await signIn();

    expect(await screen.findByText('Signed in. Continuing…')).toBeInTheDocument();
    await passTheDelay();
    expect(fullPath(router.state.location)).toBe('/user/score?x=1');
  });

  it.each(['//evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)', ''])(
    'ignores next=%j and opens the dashboard',
    async (next) => {
      answerLogin(SESSION);
      const { router } = renderApp(`/login?next=${encodeURIComponent(next)}`);
      await signIn();

      expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
      await passTheDelay();
    expect(router.state.location.pathname).toBe('/dashboard/crm');
    },
  );

  it('keeps next through the one-time code', async () => {
    answerLogin({
      status: 'otp_required',
      challenge: 'otp-challenge-1',
      expires_at: '2026-11-22T03:00:00Z',
      resend_after_seconds: 0,
    });
    apiServer.use(http.post('/api/v1/auth/otp/verify', () => HttpResponse.json(SESSION)));
    const { router } = renderApp(`/login?next=${encodeURIComponent('/user/score?x=1')}`);
    const user = await signIn();

    await screen.findByRole('heading', { name: 'Two-step verification' });
    await user.type(screen.getByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Signed in. Continuing…')).toBeInTheDocument();
    await passTheDelay();
    expect(fullPath(router.state.location)).toBe('/user/score?x=1');
  });

  it('keeps next when the code page sends the reader back to sign in', async () => {
    answerLogin({
      status: 'otp_required',
      challenge: 'otp-challenge-1',
      expires_at: '2026-11-22T03:00:00Z',
      resend_after_seconds: 0,
    });
    apiServer.use(http.post('/api/v1/auth/otp/verify', () => problem(401, 'CHALLENGE_EXPIRED')));
    const { router } = renderApp(`/login?next=${encodeURIComponent('/user/score')}`);
    const user = await signIn();

    await screen.findByRole('heading', { name: 'Two-step verification' });
    await user.type(screen.getByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Your sign-in took too long. Please sign in again.')).toBeInTheDocument();
    expect(fullPath(router.state.location)).toBe('/login?next=%2Fuser%2Fscore');
  });

  it('checks a next handed to the code page again', async () => {
    setChallenge('otp-challenge-1');
    apiServer.use(http.post('/api/v1/auth/otp/verify', () => HttpResponse.json(SESSION)));
    const { router } = renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    await act(() => router.navigate('/verify-otp', { state: { next: '//evil.com' } }));
    const user = setupUser();
    await user.type(await screen.findByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    await passTheDelay();
    expect(router.state.location.pathname).toBe('/dashboard/crm');
  });

  it('goes to next after the licence agreement too', async () => {
    answerLogin(EULA_CHALLENGE);
    apiServer.use(http.post('/api/v1/auth/eula/accept', () => HttpResponse.json(GRANT)));
    const { router } = renderApp(`/login?next=${encodeURIComponent('/user/score')}`);
    const user = await signIn();

    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Signed in. Continuing…')).toBeInTheDocument();
    await passTheDelay();
    expect(router.state.location.pathname).toBe('/user/score');
  });
});

describe("a game's sign-in link (/login?token=…)", () => {
  it('exchanges the token, removes it from the address and opens the dashboard', async () => {
    const tokens = answerGameLogin(() => HttpResponse.json(SESSION));
    const { router } = renderApp('/login?token=game-token-1');

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(tokens).toEqual(['game-token-1']);
    expect(router.state.location.search).toBe('');
    expect(getSessionUser()).toEqual({ id: ME.id, name: ME.name, email: ME.email, role: 'USER' });
    await passTheDelay();
    expect(router.state.location.pathname).toBe('/dashboard/crm');
  });

  it('shows its progress until the server answers', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerGameLogin(() => HttpResponse.json(SESSION));
    apiServer.use(
      http.post('/api/v1/auth/game', async () => {
        await held;
        return HttpResponse.json(SESSION);
      }),
    );
    renderApp('/login?token=game-token-1');

    expect(await screen.findByText('Signing you in from the game…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    release();
    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(screen.queryByText('Signing you in from the game…')).not.toBeInTheDocument();
  });

  it('keeps next in the address and goes there', async () => {
    answerGameLogin(() => HttpResponse.json(SESSION));
    const { router } = renderApp(`/login?token=game-token-1&next=${encodeURIComponent('/user/score?x=1')}`);

    expect(await screen.findByText('Signed in. Continuing…')).toBeInTheDocument();
    expect(fullPath(router.state.location)).toBe(`/login?next=${encodeURIComponent('/user/score?x=1')}`);
    await passTheDelay();
    expect(fullPath(router.state.location)).toBe('/user/score?x=1');
  });

  it('continues with the licence agreement when the server asks for it', async () => {
    answerGameLogin(() => HttpResponse.json(EULA_CHALLENGE));
    let challengeSent: string | null = null;
    apiServer.use(
      http.post('/api/v1/auth/eula/accept', ({ request }) => {
        challengeSent = request.headers.get('session-token');
        return HttpResponse.json(GRANT);
      }),
    );
    const { router } = renderApp('/login?token=game-token-1');
    const user = setupUser();

    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(challengeSent).toBe('eula-challenge-1');
    await passTheDelay();
    expect(router.state.location.pathname).toBe('/dashboard/crm');
  });

  it.each([
    [
      401,
      'GAME_TOKEN_INVALID',
      'This game sign-in link has been used, has expired or is not valid. Start again from the game, or sign in with your e-mail and password.',
    ],
    [403, 'NO_LICENCE', 'There is no valid licence for this.'],
    [403, 'LICENCE_EXPIRED', 'The licence has expired.'],
    [403, 'ACCOUNT_DISABLED', 'This account is disabled. Contact your administrator.'],
  ] as const)('%i %s is said on the sign-in form, and nobody is signed in', async (status, code, message) => {
    answerGameLogin(() => problem(status, code));
    const { router } = renderApp('/login?token=game-token-1');

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    // The form is there for a password sign-in instead.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
