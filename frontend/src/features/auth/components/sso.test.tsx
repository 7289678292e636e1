import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { LoginResponse, SessionGrant, SsoFinishRequest } from '@/api/gen/playtrack.schemas';
import { isSignedIn } from '@/lib/session';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp } from '@/testing/render-app';
import { keepSsoNext } from '../sso-next';

const GRANT: SessionGrant = {
  token: 'token-asha',
  expires_at: '2026-11-27T12:00:00Z',
  user: { id: '00000000-0000-0000-0000-0000000000ab', name: 'Asha Rao', email: 'asha@northwind.example', role: 'USER' },
};

const EULA: LoginResponse = {
  status: 'eula_required',
  challenge: 'eula-challenge-sso',
  expires_at: '2026-11-27T03:00:00Z',
  eula: { version: 1, locale: 'en', text: 'Playtrack training licence', published_at: '2026-11-22T00:00:00Z' },
};

describe('Login with SSO', () => {
  it('asks for the work e-mail and sends the browser to the provider the server names', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, href: window.location.href, origin: window.location.origin });
    const sent: unknown[] = [];
    apiServer.use(
      http.post('/api/v1/auth/sso/start', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ authorization_url: 'https://login.northwind.example/authorize?state=s' });
      }),
    );
    renderApp('/login?next=%2Foauth%2Fconsent');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login with SSO' }));
    await user.type(screen.getByLabelText('Work e-mail'), ' Asha@Northwind.example ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.northwind.example/authorize?state=s'));
    expect(sent).toEqual([{ email: 'asha@northwind.example' }]);
    expect(sessionStorage.getItem('playtrack.sso.next')).toBe('/oauth/consent');
    vi.unstubAllGlobals();
  });

  it("says so when the address's domain has no single sign-on", async () => {
    apiServer.use(http.post('/api/v1/auth/sso/start', () => problem(422, 'SSO_NOT_AVAILABLE')));
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login with SSO' }));
    await user.type(screen.getByLabelText('Work e-mail'), 'x@elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Single sign-on is not set up for this e-mail address. Sign in with your password instead.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the SSO callback page', () => {
  it("hands the provider's answer over once, clears it from the address, and goes through the EULA", async () => {
    const sent: SsoFinishRequest[] = [];
    apiServer.use(
      http.post('/api/v1/auth/sso/finish', async ({ request }) => {
        sent.push((await request.json()) as SsoFinishRequest);
        return HttpResponse.json(EULA);
      }),
      http.post('/api/v1/auth/eula/accept', () => HttpResponse.json({ status: 'session', ...GRANT })),
    );
    keepSsoNext('/user/resetpassword');
    const { router } = renderApp('/auth/sso/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fidp.example');
    const dialog = await screen.findByRole('dialog', { name: 'End-user licence agreement' });
    expect(sent).toEqual([{ state: 'st4te', code: 'c0de', iss: 'https://idp.example' }]);
    expect(router.state.location.search).toBe('');

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Signed in. Continuing…')).toBeInTheDocument();
    expect(isSignedIn()).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/resetpassword'));
    expect(sessionStorage.getItem('playtrack.sso.next')).toBeNull();
  });

  it("shows the provider's own error and the seed's message when no token came", async () => {
    apiServer.use(
      http.post('/api/v1/auth/sso/finish', () =>
        HttpResponse.json(
          { code: 'SSO_PROVIDER_ERROR', status: 401, title: 'x', detail: 'The user cancelled.' },
          { status: 401, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderApp('/auth/sso/callback?error=access_denied&state=st4te');
    expect(
      await screen.findByText('Your identity provider refused the sign-in. The user cancelled.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sign in/i })).toBeInTheDocument();

    apiServer.use(http.post('/api/v1/auth/sso/finish', () => problem(401, 'SSO_NO_ACCESS_TOKEN')));
    renderApp('/auth/sso/callback?code=used&state=st4te');
    expect(await screen.findByText('Failed to get access token.')).toBeInTheDocument();
  });

  it('explains a visit without an answer', async () => {
    renderApp('/auth/sso/callback');
    expect(await screen.findByText(/Start again from “Login with SSO”/)).toBeInTheDocument();
  });
});
