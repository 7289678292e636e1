import { screen } from '@testing-library/react';
import { getAccessToken } from '@/lib/session';
import { TEST_SERVER_VERSION } from '@/testing/api-handlers';
import { renderApp, TEST_USER } from '@/testing/render-app';

describe('public pages', () => {
  it.each([
    ['/login', 'Sign in'],
    ['/signin', 'Sign in'],
    ['/verify-otp', 'Two-step verification'],
    ['/reset-password', 'Reset password'],
    ['/new-password', 'Set a new password'],
    ['/change-password', 'Change password'],
    ['/invitation/confirm-email', 'Welcome'],
    ['/logout', 'Signed out'],
    ['/session-wrong', 'Session mismatch'],
    ['/access-denied', 'Access denied'],
  ])('%s shows the title "%s"', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('greets an invitee by the name in the link', async () => {
    renderApp('/invitation/confirm-email?value=abc123&name=Asha%20Rao');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Asha Rao' }),
    ).toBeInTheDocument();
  });

  it('forgets the session on /logout', async () => {
    renderApp('/logout', { user: TEST_USER });
    await screen.findByRole('heading', { name: 'Signed out' });
    expect(getAccessToken()).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
  });

  it("shows the server's version in the footer", async () => {
    renderApp('/signin');
    expect(await screen.findByText(`Playtrack ${TEST_SERVER_VERSION}`)).toBeInTheDocument();
  });
});
