import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Invitation, LoginResponse, SessionGrant, SetPasswordRequest } from '@/api/gen/playtrack.schemas';
import { isSignedIn } from '@/lib/session';
import { scriptReadable } from '@/testing/script-readable';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const INVITATION: Invitation = {
  name: 'Meera Pillai',
  email: 'meera.pillai@meridian-bank.example',
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

const ME = {
  id: '00000000-0000-0000-0000-0000000000dd',
  name: INVITATION.name,
  email: INVITATION.email,
  role: 'USER',
  company_id: '00000000-0000-0000-0000-0000000000cc',
} as const;

const GRANT: SessionGrant = { token: 'token-meera', expires_at: '2026-11-22T12:00:00Z', user: ME };

const INVITATION_URL = '/invitation/confirm-email?value=invite-token-1&name=Meera%20Pillai';

function answerInvitation(answer: () => Response = () => HttpResponse.json(INVITATION)) {
  const tokens: (string | null)[] = [];
  apiServer.use(
    http.get('/api/v1/auth/invitation', ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('token'));
      return answer();
    }),
  );
  return tokens;
}

function answerAccept(answer: () => Response) {
  const sent: SetPasswordRequest[] = [];
  apiServer.use(
    http.post('/api/v1/auth/invitation/accept', async ({ request }) => {
      sent.push((await request.json()) as SetPasswordRequest);
      return answer();
    }),
  );
  return sent;
}

async function openInvitation() {
  const tokens = answerInvitation();
  const view = renderApp(INVITATION_URL);
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Meera Pillai' })).toBeInTheDocument();
  await screen.findByLabelText('New password');
  return { ...view, tokens, user: userEvent.setup() };
}

function hint(rule: string) {
  const item = document.querySelector(`li[data-rule="${rule}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no hint for ${rule}`);
  return item;
}

/** Each hint's rule and its `data-met`, in the order shown. */
function metStates(): Record<string, string> {
  return Object.fromEntries(
    [...document.querySelectorAll('li[data-rule]')].map((item): [string, string] => [
      item.getAttribute('data-rule') ?? '',
      item.getAttribute('data-met') ?? '',
    ]),
  );
}

describe('the invitation page', () => {
  it('loads the invitation of the link and introduces the account', async () => {
    const { tokens } = await openInvitation();
    expect(tokens).toEqual(['invite-token-1']);
    expect(
      screen.getByText('Choose a password to activate your account meera.pillai@meridian-bank.example.'),
    ).toBeInTheDocument();
  });

  it('lists exactly the rules of the policy, plus the three that always apply', async () => {
    await openInvitation();
    expect(Object.keys(metStates())).toEqual([
      'MINIMUM_LENGTH',
      'MAXIMUM_LENGTH',
      'DIGIT',
      'LOWERCASE',
      'UPPERCASE',
      'NO_WHITESPACE',
      'NOT_COMMON',
      'NO_PERSONAL_INFO',
    ]);
    expect(hint('MINIMUM_LENGTH')).toHaveTextContent('At least 8 characters');
    expect(hint('MAXIMUM_LENGTH')).toHaveTextContent('At most 14 characters');
    expect(within(hint('DIGIT')).getByTitle('Not met yet')).toBeInTheDocument();
  });

  it('turns the hints from red to green as the password grows', async () => {
    const { user } = await openInvitation();
    const field = screen.getByLabelText('New password');
    expect(metStates()).toMatchObject({ MINIMUM_LENGTH: 'false', DIGIT: 'false', LOWERCASE: 'false', UPPERCASE: 'false' });

    await user.type(field, 'q');
    expect(metStates()).toMatchObject({ LOWERCASE: 'true', UPPERCASE: 'false', MINIMUM_LENGTH: 'false' });
    await user.type(field, 'uartzQ');
    expect(metStates()).toMatchObject({ UPPERCASE: 'true', DIGIT: 'false', MINIMUM_LENGTH: 'false' });
    await user.type(field, '7');
    expect(Object.values(metStates()).every((met) => met === 'true')).toBe(true);
    expect(within(hint('DIGIT')).getByTitle('Met')).toBeInTheDocument();
  });

  it("flags the invitee's own name", async () => {
    const { user } = await openInvitation();
    await user.type(screen.getByLabelText('New password'), 'Pillai2024x');
    expect(hint('NO_PERSONAL_INFO')).toHaveAttribute('data-met', 'false');
  });

  it('keeps the confirmation disabled until the password meets the policy', async () => {
    const { user } = await openInvitation();
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'Quartz7');
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'q');
    expect(confirm).toBeEnabled();
  });

  it('limits the input to the policy maximum and drops spaces as they are typed', async () => {
    const { user } = await openInvitation();
    const field = screen.getByLabelText('New password');
    expect(field).toHaveAttribute('maxLength', '14');
    await user.type(field, 'Qu artz 7');
    expect(field).toHaveValue('Quartz7');
    expect(hint('NO_WHITESPACE')).toHaveAttribute('data-met', 'true');
  });

  it('warns while caps lock is on', async () => {
    await openInvitation();
    const field = screen.getByLabelText('New password');
    expect(screen.queryByText('Warning : Caps lock is on')).not.toBeInTheDocument();
    fireEvent.keyDown(field, { key: 'A', modifierCapsLock: true });
    expect(screen.getByRole('status')).toHaveTextContent('Warning : Caps lock is on');
    fireEvent.keyUp(field, { key: 'CapsLock', modifierCapsLock: false });
    expect(screen.queryByText('Warning : Caps lock is on')).not.toBeInTheDocument();
  });

  it('accepts, then shows the EULA; Accept opens the dashboard', async () => {
    const challenge: LoginResponse = {
      status: 'eula_required',
      challenge: 'eula-challenge-9',
      expires_at: '2026-11-22T03:00:00Z',
      eula: { version: 1, locale: 'en', text: 'One person per licence.', published_at: '2026-11-22T00:00:00Z' },
    };
    const sent = answerAccept(() => HttpResponse.json(challenge));
    apiServer.use(http.post('/api/v1/auth/eula/accept', () => HttpResponse.json(GRANT)));
    const { user, router } = await openInvitation();

    await user.type(screen.getByLabelText('New password'), 'Quartz7q');
    await user.type(screen.getByLabelText('Confirm password'), 'Quartz7q');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));

    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    expect(sent).toEqual([{ token: 'invite-token-1', password: 'Quartz7q', confirm: 'Quartz7q' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(isSignedIn()).toBe(true);
    expect(scriptReadable()).not.toContain('token-meera');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/crm'));
  });

  it('Decline on the EULA returns to /login without a session', async () => {
    answerAccept(() =>
      HttpResponse.json<LoginResponse>({
        status: 'eula_required',
        challenge: 'eula-challenge-10',
        expires_at: '2026-11-22T03:00:00Z',
        eula: { version: 1, locale: 'en', text: 'One person per licence.', published_at: '2026-11-22T00:00:00Z' },
      }),
    );
    apiServer.use(http.post('/api/v1/auth/eula/decline', () => new HttpResponse(null, { status: 204 })));
    const { user, router } = await openInvitation();
    await user.type(screen.getByLabelText('New password'), 'Quartz7q');
    await user.type(screen.getByLabelText('Confirm password'), 'Quartz7q');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(
      await screen.findByText('You declined the licence agreement, so you are not signed in.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(isSignedIn()).toBe(false);
  });

  it('opens the session straight away when no EULA is due', async () => {
    answerAccept(() => HttpResponse.json<LoginResponse>({ status: 'session', ...GRANT }));
    const { user, router } = await openInvitation();
    await user.type(screen.getByLabelText('New password'), 'Quartz7q');
    await user.type(screen.getByLabelText('Confirm password'), 'Quartz7q');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));

    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/crm'));
  });

  it("puts the server's PASSWORD_POLICY reasons on the password field", async () => {
    answerAccept(() =>
      problem(422, 'PASSWORD_POLICY', { errors: [{ field: 'password', code: 'NOT_COMMON' }] }),
    );
    const { user } = await openInvitation();
    await user.type(screen.getByLabelText('New password'), 'Quartz7q');
    await user.type(screen.getByLabelText('Confirm password'), 'Quartz7q');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(
      await screen.findByText('This password is too common. Choose one that is harder to guess.'),
    ).toBeInTheDocument();
  });

  it('says a used or expired invitation (410) is over and links to sign in', async () => {
    answerInvitation(() => problem(410, 'LINK_EXPIRED'));
    renderApp(INVITATION_URL);
    expect(
      await screen.findByText(
        'This invitation link has been used or has expired. Ask your administrator to send it again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says a link without its value is incomplete', async () => {
    renderApp('/invitation/confirm-email?name=Meera');
    expect(
      await screen.findByText('This invitation link is incomplete. Open the whole link from the e-mail.'),
    ).toBeInTheDocument();
  });
});
