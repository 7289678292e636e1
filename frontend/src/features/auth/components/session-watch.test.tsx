import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Me } from '@/api/gen/playtrack.schemas';
import { chooseLanguage } from '@/lib/i18n';
import { getAccessToken, getSessionUser } from '@/lib/session';
import { problem } from '@/testing/api-handlers';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

describe('a session that ends on the server', () => {
  it('401 on an authenticated call: clears the session, opens /login, toasts "Session Expired"', async () => {
    apiServer.use(http.get('/api/v1/dashboard', () => problem(401, 'SESSION_EXPIRED')));
    const { router } = renderApp('/dashboard/crm', { user: TEST_USER });

    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
  });

  it('toasts in the chosen language', async () => {
    await chooseLanguage('es');
    apiServer.use(http.get('/api/v1/dashboard', () => problem(401, 'UNAUTHENTICATED')));
    renderApp('/dashboard/crm', { user: TEST_USER });
    expect(await screen.findByText('Sesión caducada')).toBeInTheDocument();
  });

  it('403 FORBIDDEN on a call opens /access-denied', async () => {
    apiServer.use(http.get('/api/v1/dashboard', () => problem(403, 'FORBIDDEN')));
    const { router } = renderApp('/dashboard/crm', { user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });
});

describe('the session check at app start', () => {
  it('refreshes the stored user from the server', async () => {
    apiServer.use(
      http.get('/api/v1/auth/session', () =>
        HttpResponse.json<Me>({ ...TEST_USER, name: 'Asha R. Rao', company_id: null }),
      ),
    );
    renderApp('/dashboard/crm', { user: TEST_USER });
    expect(await screen.findByText('Welcome, Asha R. Rao · Super admin')).toBeInTheDocument();
    expect(getSessionUser()?.name).toBe('Asha R. Rao');
  });

  it('a token the server no longer knows: signed out and sent to /login', async () => {
    apiServer.use(http.get('/api/v1/auth/session', () => problem(401, 'UNAUTHENTICATED')));
    const { router } = renderApp('/dashboard/crm', { user: TEST_USER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getAccessToken()).toBeNull();
  });

  it("a token of another user than the stored one: /session-wrong", async () => {
    apiServer.use(
      http.get('/api/v1/auth/session', () =>
        HttpResponse.json<Me>({
          id: '00000000-0000-0000-0000-000000000999',
          name: 'Someone Else',
          email: 'someone@example.com',
          role: 'USER',
          company_id: null,
        }),
      ),
    );
    const { router } = renderApp('/dashboard/crm', { user: TEST_USER });
    expect(await screen.findByRole('heading', { name: 'Session mismatch' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/session-wrong');
    expect(getAccessToken()).toBeNull();
  });

  it('is not made without a stored token', async () => {
    let asked = false;
    apiServer.use(
      http.get('/api/v1/auth/session', () => {
        asked = true;
        return problem(401, 'UNAUTHENTICATED');
      }),
    );
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(asked).toBe(false);
  });
});

describe('logging out', () => {
  it('revokes the session on the server, forgets it here and returns to /login', async () => {
    let authorization: string | null = null;
    apiServer.use(
      http.post('/api/v1/auth/logout', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/logout', { user: TEST_USER });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authorization).toBe('Bearer test-token');
    expect(getAccessToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
  });

  it('ignores a 401 from the server: the session had already ended', async () => {
    apiServer.use(http.post('/api/v1/auth/logout', () => problem(401, 'SESSION_EXPIRED')));
    const { router } = renderApp('/logout', { user: TEST_USER });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
  });
});
