import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LoginResponse, OtpChallenge, OtpRequest } from '@/api/gen/playtrack.schemas';
import { REDIRECT_DELAY_MS } from '@/lib/constants';
import { getChallenge, isSignedIn, setChallenge } from '@/lib/session';
import { scriptReadable } from '@/testing/script-readable';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const ME = {
  id: '00000000-0000-0000-0000-0000000000bb',
  name: 'Giulia Romano',
  email: 'giulia.romano@orbis-mfg.example',
  role: 'COMPANY_ADMIN',
  company_id: '00000000-0000-0000-0000-0000000000cc',
} as const;

async function openOtpPage(options: Parameters<typeof userEvent.setup>[0] = {}) {
  setChallenge('otp-challenge-1');
  const view = renderApp('/verify-otp');
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return { ...view, user: userEvent.setup(options) };
}

/** Answers the code check with `answer` and records the challenge header and body sent. */
function answerVerify(answer: () => Response) {
  const sent: { challenge: string | null; body: OtpRequest }[] = [];
  apiServer.use(
    http.post('/api/v1/auth/otp/verify', async ({ request }) => {
      sent.push({ challenge: request.headers.get('session-token'), body: (await request.json()) as OtpRequest });
      return answer();
    }),
  );
  return sent;
}

async function submitCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = screen.getByLabelText('One-time code');
  await user.clear(field);
  if (code) await user.type(field, code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('the one-time code page', () => {
  it('sends a visitor without a sign-in in progress back to /login', async () => {
    const { router } = renderApp('/verify-otp');
    expect(
      await screen.findByText('Sign in first: the code is sent after your password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['', 'Please enter otp'],
    ['12a45', 'Please enter correct otp'],
    ['12345', 'Please enter correct otp'],
  ])('checks the code %j before sending it: %s', async (code, message) => {
    const sent = answerVerify(() => HttpResponse.json({}));
    const { user } = await openOtpPage();
    await submitCode(user, code);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends six digits with the challenge, then opens the dashboard after the delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = answerVerify(() =>
      HttpResponse.json<LoginResponse>({
        status: 'session',
        token: 'token-giulia',
        expires_at: '2026-11-22T12:00:00Z',
        user: ME,
      }),
    );
    const { user, router } = await openOtpPage({ advanceTimers: vi.advanceTimersByTime });

    await submitCode(user, '123456');

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(sent).toEqual([{ challenge: 'otp-challenge-1', body: { otp: '123456' } }]);
    expect(isSignedIn()).toBe(true);
    expect(scriptReadable()).not.toContain('token-giulia');
    expect(getChallenge()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_DELAY_MS - 500));
    expect(router.state.location.pathname).toBe('/verify-otp');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(router.state.location.pathname).toBe('/dashboard/crm');
  });

  it('shows the tries left after a wrong code', async () => {
    answerVerify(() => problem(422, 'OTP_INVALID', { remaining_attempts: 3 }));
    const { user, router } = await openOtpPage();
    await submitCode(user, '000000');
    expect(await screen.findByText('The code is not correct. Tries left: 3.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-otp');
  });

  it('starts over at /login once no try is left', async () => {
    answerVerify(() => problem(422, 'OTP_INVALID', { remaining_attempts: 0 }));
    const { user, router } = await openOtpPage();
    await submitCode(user, '000000');
    expect(await screen.findByText('Too many wrong codes. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getChallenge()).toBeNull();
  });

  it('returns to /login with a message when the challenge has expired', async () => {
    answerVerify(() => problem(401, 'CHALLENGE_EXPIRED'));
    const { user, router } = await openOtpPage();
    await submitCode(user, '123456');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Your sign-in took too long. Please sign in again.')).toBeInTheDocument();
    expect(getChallenge()).toBeNull();
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
  });

  it('shows the licence agreement when the code is right but the EULA is pending', async () => {
    answerVerify(() =>
      HttpResponse.json<LoginResponse>({
        status: 'eula_required',
        challenge: 'eula-challenge-2',
        expires_at: '2026-11-22T03:00:00Z',
        eula: { version: 1, locale: 'en', text: 'Licence text', published_at: '2026-11-22T00:00:00Z' },
      }),
    );
    const { user } = await openOtpPage();
    await submitCode(user, '123456');
    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    expect(within(dialog).getByText('Licence text')).toBeInTheDocument();
  });

  it('Cancel forgets the challenge and returns to /login', async () => {
    const { user, router } = await openOtpPage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getChallenge()).toBeNull();
  });
});

describe('resending the code', () => {
  it('waits out the cool-down with a visible countdown, then sends a new challenge', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    apiServer.use(
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json<LoginResponse>({
          status: 'otp_required',
          challenge: 'otp-challenge-1',
          expires_at: '2026-11-22T03:00:00Z',
          resend_after_seconds: 30,
        }),
      ),
    );
    let resentWith: string | null = null;
    apiServer.use(
      http.post('/api/v1/auth/otp/resend', ({ request }) => {
        resentWith = request.headers.get('session-token');
        return HttpResponse.json<OtpChallenge>(
          { challenge: 'otp-challenge-2', expires_at: '2026-11-22T03:05:00Z', resend_after_seconds: 30 },
          { status: 202 },
        );
      }),
    );
    renderApp('/login');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('E-mail'), 'giulia.romano@orbis-mfg.example');
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const countdown = await screen.findByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(countdown).toBeDisabled();
    expect(countdown).toHaveTextContent(/in (30|29) s/);

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    await user.click(resend);

    expect(
      await screen.findByText('A new code is on its way. The previous one no longer works.'),
    ).toBeInTheDocument();
    expect(resentWith).toBe('otp-challenge-1');
    expect(getChallenge()).toBe('otp-challenge-2');
    expect(screen.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  });

  it('says when to try again when the server refuses a resend', async () => {
    apiServer.use(
      http.post('/api/v1/auth/otp/resend', () => problem(429, 'RATE_LIMITED', { retry_after_seconds: 20 })),
    );
    const { user } = await openOtpPage();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Too many attempts. Try again in 20 s.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  });
});
