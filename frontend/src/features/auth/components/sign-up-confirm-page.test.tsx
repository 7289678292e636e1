import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LoginResponse, SessionGrant, SetPasswordRequest, SignUpConfirmation } from '@/api/gen/playtrack.schemas';
import { isSignedIn } from '@/lib/session';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const CONFIRMATION: SignUpConfirmation = {
  name: 'Farah Siddiqui',
  email: 'farah.siddiqui@meridian-bank.example',
  joining: { company: 'Meridian Bank', batch: 'June intake', domains: [] },
  policy: {
    digits: true,
    letters: false,
    lowercase: true,
    uppercase: true,
    symbols: false,
    special_characters: false,
    minimum_length: 8,
    maximum_length: 14,
  },
};

const GRANT: SessionGrant = {
  token: 'token-farah',
  expires_at: '2026-11-22T12:00:00Z',
  user: { id: '00000000-0000-0000-0000-0000000000fa', name: CONFIRMATION.name, email: CONFIRMATION.email, role: 'USER' },
};

const EULA: LoginResponse = {
  status: 'eula_required',
  challenge: 'eula-challenge-farah',
  expires_at: '2026-11-22T03:00:00Z',
  eula: { version: 1, locale: 'en', text: 'One person per licence.', published_at: '2026-11-22T00:00:00Z' },
};

function answerConfirmation(answer: () => Response = () => HttpResponse.json(CONFIRMATION)) {
  const tokens: (string | null)[] = [];
  apiServer.use(
    http.get('/api/v1/signup/confirmation', ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('token'));
      return answer();
    }),
  );
  return tokens;
}

/** Answers the completions in turn: the first with `answers[0]`, the next with `answers[1]`. */
function answerComplete(...answers: (() => Response)[]) {
  const sent: SetPasswordRequest[] = [];
  apiServer.use(
    http.post('/api/v1/signup/complete', async ({ request }) => {
      const answer = answers[sent.length];
      sent.push((await request.json()) as SetPasswordRequest);
      if (!answer) throw new Error('the completion was sent once too often');
      return answer();
    }),
  );
  return sent;
}

async function openConfirmation() {
  const tokens = answerConfirmation();
  const view = renderApp('/signup/confirm?token=confirm-token-1');
  expect(await screen.findByRole('heading', { level: 1, name: 'Join June intake at Meridian Bank' })).toBeInTheDocument();
  await screen.findByLabelText('New password');
  return { ...view, tokens, user: userEvent.setup() };
}

async function choosePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('New password'), 'Quartz7q');
  await user.type(screen.getByLabelText('Confirm password'), 'Quartz7q');
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('the sign-up confirmation page', () => {
  it('says who is joining and shows the rules of the policy', async () => {
    const { tokens } = await openConfirmation();
    expect(tokens).toEqual(['confirm-token-1']);
    expect(
      screen.getByText('Farah Siddiqui, choose a password for your account farah.siddiqui@meridian-bank.example.'),
    ).toBeInTheDocument();
    expect(document.querySelector('li[data-rule="MINIMUM_LENGTH"]')).toHaveTextContent('At least 8 characters');
    expect(document.querySelector('li[data-rule="NO_PERSONAL_INFO"]')).toBeInTheDocument();
  });

  it('completes the sign-up, shows the EULA, and Accept opens the dashboard', async () => {
    const sent = answerComplete(() => HttpResponse.json(EULA));
    apiServer.use(http.post('/api/v1/auth/eula/accept', () => HttpResponse.json(GRANT)));
    const { user, router } = await openConfirmation();
    await choosePassword(user);

    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    expect(sent).toEqual([{ token: 'confirm-token-1', password: 'Quartz7q', confirm: 'Quartz7q' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(isSignedIn()).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/crm'));
  });

  it('says no seat is left, and signs in once an admin has added one', async () => {
    const sent = answerComplete(
      () => problem(409, 'NO_SEAT_LEFT'),
      () => HttpResponse.json<LoginResponse>({ status: 'session', ...GRANT }),
    );
    const { user, router } = await openConfirmation();
    await choosePassword(user);

    expect(
      await screen.findByText(
        'No licence seat is left in this batch. Your link still works: ask your administrator to add seats, then try again.',
      ),
    ).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/crm'));
  });

  it('stops when the sign-up link was closed meanwhile', async () => {
    answerComplete(() => problem(410, 'SIGN_UP_LINK_CLOSED'));
    const { user } = await openConfirmation();
    await choosePassword(user);
    expect(
      await screen.findByText('This sign-up link is no longer valid. Ask your administrator for a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says an address taken meanwhile is taken', async () => {
    answerComplete(() => problem(409, 'EMAIL_TAKEN'));
    const { user } = await openConfirmation();
    await choosePassword(user);
    expect(await screen.findByText('An account with this e-mail address already exists.')).toBeInTheDocument();
  });

  it('says a used or expired link (410) is over and links to sign in', async () => {
    answerConfirmation(() => problem(410, 'LINK_EXPIRED'));
    renderApp('/signup/confirm?token=spent');
    expect(await screen.findByText('This link has expired or was already used.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
