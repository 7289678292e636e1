import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ChangePasswordRequest } from '@/api/gen/playtrack.schemas';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

const TRAINEE = { ...TEST_USER, role: 'USER' as const, name: 'Rohan Das', email: 'rohan.das@meridian-bank.example' };

function answerChange(answer: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const sent: ChangePasswordRequest[] = [];
  apiServer.use(
    http.post('/api/v1/auth/password/change', async ({ request }) => {
      sent.push((await request.json()) as ChangePasswordRequest);
      return answer();
    }),
  );
  return sent;
}

async function openChangePassword() {
  const view = renderApp('/user/resetpassword', { user: TRAINEE });
  await screen.findByRole('heading', { level: 1, name: 'Change password' });
  return { ...view, user: userEvent.setup() };
}

interface Entries {
  current?: string;
  password?: string;
  confirm?: string;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  { current = 'Old-Secret-1', password = 'Zorbel-lamp42', confirm = password }: Entries = {},
) {
  if (current) await user.type(screen.getByLabelText('Current password'), current);
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe("a trainee's Reset Password screen", () => {
  it('is what the sidebar item opens, in place of "Coming soon"', async () => {
    renderApp('/dashboard/crm', { user: TRAINEE });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it('asks for every field', async () => {
    const sent = answerChange();
    const { user } = await openChangePassword();
    await fill(user, { current: '', password: '', confirm: '' });
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Enter your new password.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("flags the trainee's own name in the hints and refuses it", async () => {
    const sent = answerChange();
    const { user } = await openChangePassword();
    await fill(user, { password: 'Rohan-lamp-42' });
    expect(document.querySelector('li[data-rule="NO_PERSONAL_INFO"]')).toHaveAttribute('data-met', 'false');
    expect(
      await screen.findByText('Do not use your name or e-mail address in the password.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password on its field', async () => {
    answerChange(() => problem(422, 'CURRENT_PASSWORD_WRONG'));
    const { user } = await openChangePassword();
    await fill(user);
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when to try again after too many wrong current passwords', async () => {
    answerChange(() => problem(429, 'RATE_LIMITED', { retry_after_seconds: 30 }));
    const { user } = await openChangePassword();
    await fill(user);
    expect(await screen.findByText('Too many attempts. Try again in 30 s.')).toBeInTheDocument();
  });

  it('changes the password, says so and empties the form', async () => {
    const sent = answerChange();
    const { user } = await openChangePassword();
    await fill(user);
    expect(
      await screen.findByText('Password changed. Your other sessions have been signed out.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      { current_password: 'Old-Secret-1', password: 'Zorbel-lamp42', confirm: 'Zorbel-lamp42' },
    ]);
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });
});

describe("an admin's Reset Password screen", () => {
  async function openAdmin(path = '/main/admin/resetpassword', role: 'SUPER_ADMIN' | 'COMPANY_ADMIN' = 'SUPER_ADMIN') {
    const view = renderApp(path, { user: { ...TEST_USER, role } });
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
    return { ...view, user: userEvent.setup() };
  }

  async function openTab(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(screen.getByRole('tab', { name }));
    return screen.getByRole('tabpanel');
  }

  async function sendTo(user: ReturnType<typeof userEvent.setup>, panel: HTMLElement, email: string, button: string) {
    await user.type(within(panel).getByLabelText("User's e-mail"), email);
    await user.click(within(panel).getByRole('button', { name: button }));
  }

  it.each([
    ['/main/admin/resetpassword', 'SUPER_ADMIN'],
    ['/companyadmin/admin/resetpassword', 'COMPANY_ADMIN'],
  ] as const)('%s opens on changing one’s own password', async (path, role) => {
    await openAdmin(path, role);
    expect(screen.getByRole('tab', { name: 'Change my password', selected: true })).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Current password')).toBeInTheDocument();
  });

  it('mails a reset link and says to whom', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.post('/api/v1/password-resets', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const { user } = await openAdmin();
    const panel = await openTab(user, 'Send a password reset link');
    await sendTo(user, panel, ' rohan.das@meridian-bank.example ', 'Send reset link');
    expect(
      await within(panel).findByText('A reset link has been sent to rohan.das@meridian-bank.example.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'rohan.das@meridian-bank.example' }]);
  });

  it('checks the address before sending', async () => {
    const { user } = await openAdmin();
    const panel = await openTab(user, 'Send a password reset link');
    await user.click(within(panel).getByRole('button', { name: 'Send reset link' }));
    expect(await within(panel).findByText('Enter your e-mail address.')).toBeInTheDocument();
  });

  it('says when nobody in the scope has the address (404)', async () => {
    apiServer.use(http.post('/api/v1/password-resets', () => problem(404, 'NOT_FOUND')));
    const { user } = await openAdmin();
    const panel = await openTab(user, 'Send a password reset link');
    await sendTo(user, panel, 'someone@elsewhere.example', 'Send reset link');
    expect(await within(panel).findByText('No user with this e-mail in your scope')).toBeInTheDocument();
  });

  it('offers the invitation again to someone who never accepted it (409)', async () => {
    const invited: unknown[] = [];
    apiServer.use(
      http.post('/api/v1/password-resets', () => problem(409, 'USER_STATE', { user_status: 'invited' })),
      http.post('/api/v1/invitations', async ({ request }) => {
        invited.push(await request.json());
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const { user } = await openAdmin();
    const panel = await openTab(user, 'Send a password reset link');
    await sendTo(user, panel, 'meera.pillai@meridian-bank.example', 'Send reset link');

    const text = await within(panel).findByText('This user has not accepted the invitation yet');
    const warning = text.closest('.MuiAlert-root');
    if (!(warning instanceof HTMLElement)) throw new Error('the warning is not an alert');
    await user.click(within(warning).getByRole('button', { name: 'Send the invitation again' }));
    expect(
      await within(panel).findByText('The invitation has been sent again to meera.pillai@meridian-bank.example.'),
    ).toBeInTheDocument();
    expect(invited).toEqual([{ email: 'meera.pillai@meridian-bank.example' }]);
  });

  it('sends an invitation again directly', async () => {
    apiServer.use(http.post('/api/v1/invitations', () => new HttpResponse(null, { status: 202 })));
    const { user } = await openAdmin('/companyadmin/admin/resetpassword', 'COMPANY_ADMIN');
    const panel = await openTab(user, 'Send the invitation again');
    await sendTo(user, panel, 'meera.pillai@meridian-bank.example', 'Send the invitation again');
    expect(
      await within(panel).findByText('The invitation has been sent again to meera.pillai@meridian-bank.example.'),
    ).toBeInTheDocument();
  });

  it('tells a disabled user apart and offers no invitation for them', async () => {
    apiServer.use(http.post('/api/v1/password-resets', () => problem(409, 'USER_STATE', { user_status: 'disabled' })));
    const { user } = await openAdmin();
    const panel = await openTab(user, 'Send a password reset link');
    await sendTo(user, panel, 'vikram.rao@meridian-bank.example', 'Send reset link');

    expect(await within(panel).findByText('This user is disabled: enable them first')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Send the invitation again' })).not.toBeInTheDocument();
  });

  it.each([
    [409, 'USER_STATE', 'active', 'This user has already accepted the invitation'],
    [409, 'USER_STATE', 'disabled', 'This user is disabled: enable them first'],
    [404, 'NOT_FOUND', undefined, 'No user with this e-mail in your scope'],
    [429, 'RATE_LIMITED', undefined, 'Too many attempts. Please wait a moment and try again.'],
  ] as const)('says why an invitation was not sent (%i %s %s)', async (status, code, userStatus, message) => {
    apiServer.use(http.post('/api/v1/invitations', () => problem(status, code, userStatus ? { user_status: userStatus } : {})));
    const { user } = await openAdmin();
    const panel = await openTab(user, 'Send the invitation again');
    await sendTo(user, panel, 'rohan.das@meridian-bank.example', 'Send the invitation again');
    expect(await within(panel).findByText(message)).toBeInTheDocument();
  });
});
