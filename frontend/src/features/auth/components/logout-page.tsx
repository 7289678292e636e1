// /logout: ends the session on the server, which clears its cookies (a 401 there means it had
// already ended), forgets it in this tab and tells the other tabs, which shared it, and returns
// to sign-in — keeping a safe `?next=` for the next sign-in ("Sign in as someone else" on a
// game's consent page comes back to that page).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { logout } from '../api/auth';
import { TopProgressBar } from '@/components/top-progress-bar';
import { LOGIN_PATH } from '@/lib/paths';
import { safeNextPath, withNext } from '@/lib/safe-next-path';
import { endSession } from '@/lib/session';
import { announce } from '@/lib/session-channel';
import type { SignInPageState } from '../hooks/use-sign-in-steps';

export interface LogoutPageState {
  /** Set by the idle timer, so the sign-in page can say why. */
  reason?: 'idle';
}

export function LogoutPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const queryClient = useQueryClient();
  const started = useRef(false);
  const idle = (location.state as LogoutPageState | null)?.reason === 'idle';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Forget first, so nothing in this tab uses the session while the server revokes it. The
    // server is asked even when this tab knew of no session: the browser may still hold one.
    endSession();
    queryClient.clear();
    announce({ type: 'signed-out' });
    const state: SignInPageState = { notice: idle ? 'idleSignedOut' : 'signedOut' };
    logout()
      .catch(() => undefined)
      .finally(() => void navigate(withNext(LOGIN_PATH, next), { replace: true, state }));
  }, [idle, navigate, next, queryClient]);

  return <TopProgressBar />;
}
