import { screen } from '@testing-library/react';
import { http } from 'msw';
import { problem, TEST_SERVER_VERSION } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';

describe('public pages', () => {
  it.each([
    ['/login', 'Sign in'],
    ['/signin', 'Sign in'],
    ['/reset-password', 'Reset password'],
    ['/new-password', 'Set a new password'],
    ['/change-password', 'Change password'],
    ['/invitation/confirm-email', 'Welcome'],
    ['/signup', 'Sign up'],
    ['/signup/confirm', 'Confirm your sign-up'],
    ['/setup?token=abc', 'Set up Playtrack'],
    ['/session-wrong', 'Session mismatch'],
    ['/access-denied', 'Access denied'],
  ])('%s shows the title "%s"', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('greets an invitee by the name in the link', async () => {
    apiServer.use(http.get('/api/v1/auth/invitation', () => problem(410, 'LINK_EXPIRED')));
    renderApp('/invitation/confirm-email?value=abc123&name=Asha%20Rao');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Asha Rao' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/verify-otp', 'Sign in first: the code is sent after your password.'],
    ['/logout', 'You have been signed out.'],
  ])('%s without a sign-in in progress leads to /login, saying why', async (path, notice) => {
    const { router } = renderApp(path);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's version in the footer", async () => {
    renderApp('/signin');
    expect(await screen.findByText(`Playtrack ${TEST_SERVER_VERSION}`)).toBeInTheDocument();
  });
});
