// /logout: ends the session on the server (a 401 there means it had already ended), forgets
// it in this tab, and returns to sign-in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '@/api/gen/auth/auth';
import { TopProgressBar } from '@/components/top-progress-bar';
import { LOGIN_PATH } from '@/lib/paths';
import { clearSession, getAccessToken } from '@/lib/session';
import type { SignInPageState } from '../hooks/use-sign-in-steps';

export interface LogoutPageState {
  /** Set by the idle timer, so the sign-in page can say why. */
  reason?: 'idle';
}

export function LogoutPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const idle = (location.state as LogoutPageState | null)?.reason === 'idle';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getAccessToken();
    // Forget first, so nothing in this tab uses the session while the server revokes it.
    clearSession();
    queryClient.clear();
    const state: SignInPageState = { notice: idle ? 'idleSignedOut' : 'signedOut' };
    const done = () => void navigate(LOGIN_PATH, { replace: true, state });
    if (token === null) {
      done();
      return;
    }
    logout({ headers: { Authorization: `Bearer ${token}` } })
      .catch(() => undefined)
      .finally(done);
  }, [idle, navigate, queryClient]);

  return <TopProgressBar />;
}
