import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Me } from '@/api/gen/playtrack.schemas';
import { chooseLanguage } from '@/lib/i18n';
import { getSessionUser, isSignedIn } from '@/lib/session';
import { SESSION_CHANNEL, type SessionMessage } from '@/lib/session-channel';
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
    expect(isSignedIn()).toBe(false);
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
  /** What the server's Set-Cookie left that a script sees: the session cookie itself it cannot. */
  function holdSessionCookies() {
    document.cookie = 'playtrack_csrf=csrf-1; path=/';
  }

  it('learns from GET /api/v1/me whose session cookie the browser holds (a new tab, a reload)', async () => {
    holdSessionCookies();
    apiServer.use(
      http.get('/api/v1/me', () => HttpResponse.json<Me>({ ...TEST_USER, name: 'Asha R. Rao', company_id: null })),
    );
    const { router } = renderApp('/dashboard/crm');
    expect(await screen.findByText('Welcome, Asha R. Rao · Super admin')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/crm');
    expect(getSessionUser()?.name).toBe('Asha R. Rao');
  });

  it('keeps the signed-in area waiting for the answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    holdSessionCookies();
    apiServer.use(http.get('/api/v1/me', () => new Promise<Response>((resolve) => (answer = resolve))));
    const { router } = renderApp('/main/company');
    await waitFor(() => expect(document.querySelector('[role="progressbar"]')).not.toBeNull());
    expect(router.state.location.pathname).toBe('/main/company');

    answer(problem(401, 'UNAUTHENTICATED'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(isSignedIn()).toBe(false);
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
  });

  it('is made once, and not when the tab already knows', async () => {
    holdSessionCookies();
    let asked = 0;
    apiServer.use(
      http.get('/api/v1/me', () => {
        asked += 1;
        return problem(401, 'UNAUTHENTICATED');
      }),
    );
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(asked).toBe(1));
    cleanup();

    renderApp('/dashboard/crm', { user: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(asked).toBe(1);
  });

  it('asks nothing of a browser without the session cookies: an anonymous visit logs no 401', async () => {
    let asked = false;
    apiServer.use(
      http.get('/api/v1/me', () => {
        asked = true;
        return problem(401, 'UNAUTHENTICATED');
      }),
    );
    const { router } = renderApp('/dashboard/crm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(asked).toBe(false);
  });
});

describe('logging out', () => {
  it('revokes the session on the server with the CSRF token, forgets it here and returns to /login', async () => {
    document.cookie = 'playtrack_csrf=csrf-1; path=/';
    let csrf: string | null = null;
    apiServer.use(
      http.post('/api/v1/auth/logout', ({ request }) => {
        csrf = request.headers.get('X-CSRF-Token');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/logout', { user: TEST_USER });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(csrf).toBe('csrf-1');
    expect(isSignedIn()).toBe(false);
  });

  it('ignores a 401 from the server: the session had already ended', async () => {
    apiServer.use(http.post('/api/v1/auth/logout', () => problem(401, 'SESSION_EXPIRED')));
    const { router } = renderApp('/logout', { user: TEST_USER });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
  });
});

describe('the other tabs of the browser', () => {
  /** Another tab of the app: its own channel object, as a second tab has. */
  function otherTab() {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    const heard: SessionMessage[] = [];
    channel.onmessage = (event: MessageEvent<SessionMessage>) => heard.push(event.data);
    onTestFinished(() => channel.close());
    return { heard, say: (message: SessionMessage) => channel.postMessage(message) };
  }

  it('hear of a logout here', async () => {
    const tab = otherTab();
    renderApp('/logout', { user: TEST_USER });
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(tab.heard).toEqual([{ type: 'signed-out' }]));
  });

  it('log this one out when they log out: /login, and nothing of the session kept', async () => {
    const tab = otherTab();
    const { router } = renderApp('/dashboard/crm', { user: TEST_USER });
    await screen.findByText('Welcome, Asha Rao · Super admin');

    tab.say({ type: 'signed-out' });

    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(isSignedIn()).toBe(false);
    expect(tab.heard).toEqual([]);
  });

  it('hear of a sign-in here; a sign-in there as someone else sends this tab to /session-wrong', async () => {
    const tab = otherTab();
    const { router } = renderApp('/dashboard/crm', { user: TEST_USER });
    await screen.findByText('Welcome, Asha Rao · Super admin');

    tab.say({ type: 'signed-in', user: { ...TEST_USER, id: '00000000-0000-0000-0000-000000000999', name: 'Someone Else' } });

    expect(await screen.findByRole('heading', { name: 'Session mismatch' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/session-wrong');
    expect(isSignedIn()).toBe(false);
  });

  it('show the new name when one renames its person, and ignore another person’s', async () => {
    const tab = otherTab();
    renderApp('/dashboard/crm', { user: TEST_USER });
    await screen.findByText('Welcome, Asha Rao · Super admin');

    tab.say({ type: 'updated', user: { ...TEST_USER, id: '00000000-0000-0000-0000-000000000999', name: 'Someone Else' } });
    tab.say({ type: 'updated', user: { ...TEST_USER, name: 'Asha Rao-Menon' } });

    expect(await screen.findByText('Welcome, Asha Rao-Menon · Super admin')).toBeInTheDocument();
    expect(getSessionUser()).toEqual({ ...TEST_USER, name: 'Asha Rao-Menon' });
  });

  it('sign this tab in when one signs in while it knew of no session', async () => {
    const tab = otherTab();
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign in' });

    tab.say({ type: 'signed-in', user: TEST_USER });

    await waitFor(() => expect(getSessionUser()).toEqual(TEST_USER));
  });
});
