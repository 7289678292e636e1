import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type {
  AuthorizationDecision,
  AuthorizationPrompt,
  LoginResponse,
  SessionGrant,
} from '@/api/gen/playtrack.schemas';
import { i18n } from '@/lib/i18n';
import { problem } from '@/testing/api-handlers';
import type { SessionUser } from '@/lib/session';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';
import { returnToGame } from '../return-to-game';

// The browser cannot leave the test page: record where the page sends it instead.
vi.mock('../return-to-game', () => ({ returnToGame: vi.fn() }));

const TRAINEE: SessionUser = {
  id: '00000000-0000-0000-0000-0000000000aa',
  name: 'Kavya Iyer',
  email: 'kavya.iyer@meridian-bank.example',
  role: 'USER',
};

const REDIRECT_URI = 'http://127.0.0.1:51234/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const QUERY = new URLSearchParams({
  response_type: 'code',
  client_id: 'game-client-1',
  redirect_uri: REDIRECT_URI,
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
  state: 'af0ifjsldkj',
  scope: 'play reports',
}).toString();

const AUTHORIZE_URL = `/oauth/authorize?${QUERY}`;

const CHECKED: AuthorizationPrompt = {
  app_name: 'Branch Quest',
  client_id: 'game-client-1',
  redirect_uri: REDIRECT_URI,
  scopes: ['play', 'reports'],
};

/** Answers the check with `answer` and records the queries it was asked with. */
function answerCheck(answer: () => Response = () => HttpResponse.json(CHECKED)) {
  const queries: URLSearchParams[] = [];
  apiServer.use(
    http.get('/api/v1/oauth/authorization', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return queries;
}

/** Answers the trainee's decision with `answer` and records what was sent. */
function answerDecision(answer: (decision: AuthorizationDecision) => Response) {
  const sent: AuthorizationDecision[] = [];
  apiServer.use(
    http.post('/api/v1/oauth/authorization', async ({ request }) => {
      const decision = (await request.json()) as AuthorizationDecision;
      sent.push(decision);
      return answer(decision);
    }),
  );
  return sent;
}

async function openConsent(user: SessionUser = TRAINEE) {
  answerCheck();
  const view = renderApp(AUTHORIZE_URL, { user });
  await screen.findByRole('heading', { level: 1, name: 'Sign in to Branch Quest' });
  return { ...view, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(returnToGame).mockClear();
});

describe('a request the server will not take from this game', () => {
  it.each([
    ['OAUTH_CLIENT', 'This game is not known to Playtrack or has been disabled.'],
    [
      'OAUTH_REDIRECT_URI',
      'The game asked to return to an address that is not registered for it, so the sign-in stops here.',
    ],
  ] as const)('%s shows the error page and goes nowhere', async (code, message) => {
    answerCheck(() => problem(400, code));
    const { router } = renderApp(AUTHORIZE_URL);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This game sign-in cannot continue' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(returnToGame).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/oauth/authorize');
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
  });

  it('is shown to a signed-in trainee too, who is asked nothing', async () => {
    answerCheck(() => problem(400, 'OAUTH_CLIENT'));
    const { router } = renderApp(AUTHORIZE_URL, { user: TRAINEE });
    expect(await screen.findByText('This game sign-in cannot continue')).toBeInTheDocument();
    expect(returnToGame).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/oauth/authorize');
  });

  it("goes back to the game with the error when the game is known (OAUTH_REQUEST's redirect_to)", async () => {
    const back = `${REDIRECT_URI}?error=invalid_request&state=af0ifjsldkj`;
    answerCheck(() => problem(400, 'OAUTH_REQUEST', { redirect_to: back }));
    renderApp(AUTHORIZE_URL);

    await waitFor(() => expect(returnToGame).toHaveBeenCalledWith(back));
    expect(screen.getByText(/Returning to the game/)).toBeInTheDocument();
  });
});

describe('a visitor not signed in', () => {
  it('is sent to sign in, coming back to this very request', async () => {
    const queries = answerCheck();
    const { router } = renderApp(AUTHORIZE_URL);

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(AUTHORIZE_URL);
    // The request was checked first, with the parameters as the game sent them.
    expect(queries.map((query) => Object.fromEntries(query))).toEqual([
      Object.fromEntries(new URLSearchParams(QUERY)),
    ]);
  });

  it('signs in and is asked for consent', async () => {
    const grant: SessionGrant = {
      token: 'token-kavya',
      expires_at: '2026-11-22T12:00:00Z',
      user: { ...TRAINEE, company_id: '00000000-0000-0000-0000-0000000000cc' },
    };
    apiServer.use(
      http.post('/api/v1/auth/login', () => HttpResponse.json<LoginResponse>({ status: 'session', ...grant })),
    );
    answerCheck();
    const { router } = renderApp(AUTHORIZE_URL);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('E-mail'), TRAINEE.email);
    await user.type(screen.getByLabelText('Password'), 'Secret-Pass1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Signed in. Continuing…')).toBeInTheDocument();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Sign in to Branch Quest' },
      ),
    ).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(AUTHORIZE_URL);
  });
});

describe('the consent of a signed-in trainee', () => {
  it('names the game, the account and what the game may do, in words', async () => {
    await openConsent();
    expect(screen.getByText('Branch Quest wants to sign you in as:')).toBeInTheDocument();
    expect(screen.getByText(TRAINEE.name)).toBeInTheDocument();
    expect(screen.getByText(TRAINEE.email)).toBeInTheDocument();
    expect(
      screen.getByText('Check your licence, read the levels and record the levels you play'),
    ).toBeInTheDocument();
    expect(screen.getByText('See your own scores')).toBeInTheDocument();
    expect(returnToGame).not.toHaveBeenCalled();
  });

  it('Allow sends approve: true with the request and follows the answer to the game', async () => {
    const back = `${REDIRECT_URI}?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj`;
    const sent = answerDecision(() => HttpResponse.json({ redirect_to: back }));
    const { user } = await openConsent();

    await user.click(screen.getByRole('button', { name: 'Allow' }));

    await waitFor(() => expect(returnToGame).toHaveBeenCalledWith(back));
    expect(sent).toEqual([
      {
        client_id: 'game-client-1',
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
        scope: 'play reports',
        state: 'af0ifjsldkj',
        approve: true,
      },
    ]);
    expect(screen.getByText(/Returning to the game/)).toBeInTheDocument();
  });

  it('Deny sends approve: false and follows the answer to the game', async () => {
    const back = `${REDIRECT_URI}?error=access_denied&state=af0ifjsldkj`;
    const sent = answerDecision(() => HttpResponse.json({ redirect_to: back }));
    const { user } = await openConsent();

    await user.click(screen.getByRole('button', { name: 'Deny' }));

    await waitFor(() => expect(returnToGame).toHaveBeenCalledWith(back));
    expect(sent.map(({ approve }) => approve)).toEqual([false]);
  });

  it.each([
    [
      'NO_LICENCE',
      'Your account has no valid licence seat, so the game cannot sign you in. Ask your administrator for a seat, or sign in with another account.',
    ],
    [
      'LICENCE_EXPIRED',
      'Your licence has expired, so the game cannot sign you in. Ask your administrator to renew it, or sign in with another account.',
    ],
    [
      'FORBIDDEN',
      'Only trainees can play: an administrator account cannot sign in to the game. Sign in with a trainee account.',
    ],
  ] as const)('403 %s says why this account cannot play, and offers another', async (code, message) => {
    answerDecision(() => problem(403, code));
    const { user, router } = await openConsent();

    await user.click(screen.getByRole('button', { name: 'Allow' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'This account cannot play' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in as someone else' })).toHaveAttribute(
      'href',
      `/logout?${new URLSearchParams({ next: AUTHORIZE_URL }).toString()}`,
    );
    expect(router.state.location.pathname).toBe('/oauth/authorize');
    expect(returnToGame).not.toHaveBeenCalled();
  });

  it('an invalid request at the decision shows the error page and goes nowhere', async () => {
    answerDecision(() => problem(400, 'OAUTH_REDIRECT_URI'));
    const { user } = await openConsent();
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('This game sign-in cannot continue')).toBeInTheDocument();
    expect(returnToGame).not.toHaveBeenCalled();
  });

  it('another failure stays on the card, to try again', async () => {
    const sent = answerDecision(() => problem(500, 'INTERNAL'));
    const { user } = await openConsent();
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(
      await screen.findByText('Something went wrong on the server. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
    expect(sent).toHaveLength(1);
  });

  it('"Not you?" signs out and comes back through the sign-in to this request', async () => {
    const { user, router } = await openConsent();

    await user.click(screen.getByRole('link', { name: 'Sign in as someone else' }));

    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(AUTHORIZE_URL);
  });
});

describe('an administrator', () => {
  it('is told that only trainees play, without being asked', async () => {
    answerCheck();
    const sent = answerDecision(() => HttpResponse.json({ redirect_to: REDIRECT_URI }));
    renderApp(AUTHORIZE_URL, { user: TEST_USER });

    const card = (
      await screen.findByRole('heading', { level: 1, name: 'This account cannot play' })
    ).closest('section');
    expect(card).not.toBeNull();
    if (card) {
      expect(within(card).getByText(/Only trainees can play/)).toBeInTheDocument();
      expect(within(card).getByText(TEST_USER.email)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('in Arabic', () => {
  it('asks for consent in Arabic', async () => {
    answerCheck();
    await i18n.changeLanguage('ar');
    renderApp(AUTHORIZE_URL, { user: TRAINEE });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول إلى Branch Quest' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'السماح' })).toBeInTheDocument();
    expect(screen.getByText('الاطلاع على نتائجك الخاصة')).toBeInTheDocument();
  });
});
