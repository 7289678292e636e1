import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SessionGrant, SetupRequest } from '@/api/gen/playtrack.schemas';
import { getSessionUser } from '@/lib/session';
import { scriptReadable } from '@/testing/script-readable';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

const RULE =
  'Password must be 10–16 characters and include uppercase, lowercase, number, and special character.';

async function openSetup(url = '/setup?token=setup-token-1') {
  const view = renderApp(url);
  await screen.findByRole('heading', { name: 'Set up Playtrack' });
  return { ...view, user: userEvent.setup() };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  { password = 'Str0ng!Pass', confirm = password }: { password?: string; confirm?: string } = {},
) {
  await user.type(screen.getByLabelText('E-mail'), ' Admin@Playtrack.example ');
  await user.type(screen.getByLabelText('Name'), 'Playtrack Admin');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the first super admin setup', () => {
  it('explains the password rule up front', async () => {
    await openSetup();
    expect(screen.getByText(RULE)).toBeInTheDocument();
  });

  it('says the link is incomplete without a token', async () => {
    await openSetup('/setup');
    expect(
      screen.getByText('This setup link is incomplete. Open the whole link the server printed when it started.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const { user } = await openSetup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter name')).toBeInTheDocument();
    expect(screen.getByText('Enter your new password.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password!')).toBeInTheDocument();
  });

  it('refuses a weak password and two passwords that differ', async () => {
    const { user } = await openSetup();
    await fill(user, { password: 'weakpassword', confirm: 'other' });
    expect(await screen.findByText('Two passwords that you entered are inconsistent!')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's password rules on the password field", async () => {
    apiServer.use(
      http.post('/api/v1/setup', () =>
        problem(422, 'PASSWORD_POLICY', {
          errors: [
            { field: 'password', code: 'UPPERCASE' },
            { field: 'password', code: 'SPECIAL_CHARACTER' },
          ],
        }),
      ),
    );
    const { user } = await openSetup();
    await fill(user);
    expect(
      await screen.findByText(
        'Add an uppercase letter. Add one of the special characters ! @ # $ % ^ & * ) ( + = . _ -',
      ),
    ).toBeInTheDocument();
  });

  it('shows a used or wrong link as such', async () => {
    apiServer.use(http.post('/api/v1/setup', () => problem(403, 'SETUP_TOKEN_INVALID')));
    const { user } = await openSetup();
    await fill(user);
    expect(await screen.findByText(/This setup link is not valid/)).toBeInTheDocument();
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
  });

  it('signs the new super admin in', async () => {
    let sent: SetupRequest | undefined;
    apiServer.use(
      http.post('/api/v1/setup', async ({ request }) => {
        sent = (await request.json()) as SetupRequest;
        return HttpResponse.json<SessionGrant>({
          token: 'token-admin',
          expires_at: '2026-11-22T12:00:00Z',
          user: {
            id: '00000000-0000-0000-0000-000000000001',
            name: 'Playtrack Admin',
            email: 'admin@playtrack.example',
            role: 'SUPER_ADMIN',
            company_id: null,
          },
        });
      }),
    );
    const { user } = await openSetup();
    await fill(user);
    expect(await screen.findByText('Signed in. Opening your dashboard…')).toBeInTheDocument();
    expect(sent).toEqual({
      token: 'setup-token-1',
      email: 'admin@playtrack.example',
      name: 'Playtrack Admin',
      password: 'Str0ng!Pass',
    });
    expect(scriptReadable()).not.toContain('token-admin');
    expect(getSessionUser()?.role).toBe('SUPER_ADMIN');
  });
});
