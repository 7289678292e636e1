import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ResetLinkCheck, SetPasswordRequest, TokenRequest } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const RULE =
  'Password must be 10–16 characters and include uppercase, lowercase, number, and special character.';
const EXPIRED = 'This link has been used or has expired';

/** The server's password-check answers `code`; records the tokens it was asked about. */
function answerCheck(code: ResetLinkCheck['response_code']) {
  const asked: TokenRequest[] = [];
  apiServer.use(
    http.post('/api/v1/auth/password/check', async ({ request }) => {
      asked.push((await request.json()) as TokenRequest);
      return HttpResponse.json<ResetLinkCheck>({ response_code: code });
    }),
  );
  return asked;
}

function answerReset(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const sent: SetPasswordRequest[] = [];
  apiServer.use(
    http.post('/api/v1/auth/password/reset', async ({ request }) => {
      sent.push((await request.json()) as SetPasswordRequest);
      return answer();
    }),
  );
  return sent;
}

async function openForm(url = '/new-password?token=reset-token-1', title = 'Set a new password') {
  answerCheck('NEW_PASSWORD');
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: title });
  await screen.findByLabelText('New password');
  return { ...view, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

function hint(rule: string) {
  const item = document.querySelector(`li[data-rule="${rule}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no hint for ${rule}`);
  return item;
}

describe('the new-password link', () => {
  it('sends a used or expired link (LOGIN) to /login, saying so', async () => {
    const asked = answerCheck('LOGIN');
    const { router } = renderApp('/new-password?token=spent-token');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(asked).toEqual([{ token: 'spent-token' }]);
  });

  it('says a link without its token is incomplete, without asking the server', async () => {
    renderApp('/new-password');
    expect(
      await screen.findByText(
        'This link is incomplete. Open the whole link from the e-mail, or ask for a new one.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/reset-password');
  });

  it('is the same page on /change-password, as in the seed', async () => {
    const sent = answerReset();
    const { user, router } = await openForm('/change-password?token=reset-token-2', 'Change password');
    await fill(user, 'Zorbel-lamp42');
    expect(await screen.findByText('Password changed, sign in with your new password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toEqual([{ token: 'reset-token-2', password: 'Zorbel-lamp42', confirm: 'Zorbel-lamp42' }]);
  });
});

describe('the new-password form (NEW_PASSWORD)', () => {
  it("asks for both fields with the seed's messages", async () => {
    const sent = answerReset();
    const { user } = await openForm();
    await fill(user, '');
    expect(await screen.findByText('Enter your new password.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("refuses a password against the seed's rule with the seed's sentence", async () => {
    const sent = answerReset();
    const { user } = await openForm();
    await fill(user, 'short1A!');
    expect(await screen.findByText(RULE)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses a common password, even decorated', async () => {
    answerReset();
    const { user } = await openForm();
    await fill(user, 'Password123!');
    expect(
      await screen.findByText('This password is too common. Choose one that is harder to guess.'),
    ).toBeInTheDocument();
  });

  it('refuses a confirmation that differs', async () => {
    const sent = answerReset();
    const { user } = await openForm();
    await fill(user, 'Zorbel-lamp42', 'Zorbel-lamp43');
    expect(await screen.findByText('Two passwords that you entered are inconsistent!')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('explains the rules in the tooltip of the info button', async () => {
    const { user } = await openForm();
    await user.hover(screen.getByRole('button', { name: 'Password rules' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(RULE);
  });

  it('shows each rule turning green as the password grows', async () => {
    const { user } = await openForm();
    expect(hint('MINIMUM_LENGTH')).toHaveAttribute('data-met', 'false');
    expect(hint('MINIMUM_LENGTH')).toHaveTextContent('At least 10 characters');
    await user.type(screen.getByLabelText('New password'), 'zorbel');
    expect(hint('LOWERCASE')).toHaveAttribute('data-met', 'true');
    expect(hint('UPPERCASE')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('New password'), '-LAMP42');
    for (const rule of ['MINIMUM_LENGTH', 'UPPERCASE', 'DIGIT', 'SPECIAL_CHARACTER', 'NOT_COMMON']) {
      expect(hint(rule)).toHaveAttribute('data-met', 'true');
    }
    // Whose password it is is not known here: the server checks that rule.
    expect(document.querySelector('li[data-rule="NO_PERSONAL_INFO"]')).toBeNull();
  });

  it('sets the password and sends the reader to sign in with it', async () => {
    const sent = answerReset();
    const { user, router } = await openForm();
    await fill(user, 'Zorbel-lamp42');
    expect(await screen.findByText('Password changed, sign in with your new password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toEqual([{ token: 'reset-token-1', password: 'Zorbel-lamp42', confirm: 'Zorbel-lamp42' }]);
  });

  it('sends the reader to /login when the link died meanwhile (410)', async () => {
    answerReset(() => problem(410, 'LINK_EXPIRED'));
    const { user, router } = await openForm();
    await fill(user, 'Zorbel-lamp42');
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("puts the server's PASSWORD_POLICY reasons on the password field", async () => {
    answerReset(() =>
      problem(422, 'PASSWORD_POLICY', { errors: [{ field: 'password', code: 'NO_PERSONAL_INFO' }] }),
    );
    const { user } = await openForm();
    await fill(user, 'Rohan-Das-2024');
    expect(
      await screen.findByText('Do not use your name or e-mail address in the password.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});
