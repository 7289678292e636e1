import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { IDLE_TIMEOUT_MS } from '@/lib/constants';
import { isSignedIn } from '@/lib/session';
import { apiServer } from '@/testing/api-server';
import { renderApp, TEST_USER } from '@/testing/render-app';

describe('the idle timer', () => {
  it('is the seed’s 60,000,000 ms', () => {
    expect(IDLE_TIMEOUT_MS).toBe(60_000_000);
  });

  it('signs a signed-in user out after the idle time, counting from the last activity', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let loggedOut = false;
    apiServer.use(
      http.post('/api/v1/auth/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/dashboard/crm', { user: TEST_USER });
    await screen.findByRole('heading', { name: 'Dashboard' });

    await act(() => vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 60_000));
    fireEvent.mouseMove(window);
    await act(() => vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 60_000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 60_000));
    expect(router.state.location.pathname).toBe('/dashboard/crm');

    await act(() => vi.advanceTimersByTimeAsync(60_000));

    expect(
      await screen.findByText('You were signed out after a long time without activity.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(loggedOut).toBe(true);
    expect(isSignedIn()).toBe(false);
  });

  it('does not run on /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });

    await act(() => vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS * 2));

    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('You were signed out after a long time without activity.')).toBeNull();
  });
});
