// Signs a signed-in user out after IDLE_TIMEOUT_MS without activity. Mounted only inside the
// signed-in area, so it never runs on /login or any other public page.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { IDLE_TIMEOUT_MS } from '@/lib/constants';
import { LOGOUT_PATH } from '@/lib/paths';
import { useIdleTimeout } from '@/lib/use-idle-timeout';
import type { LogoutPageState } from './logout-page';

export function IdleLogout() {
  const navigate = useNavigate();
  const onIdle = useCallback(() => {
    const state: LogoutPageState = { reason: 'idle' };
    void navigate(LOGOUT_PATH, { replace: true, state });
  }, [navigate]);
  useIdleTimeout(IDLE_TIMEOUT_MS, onIdle);
  return null;
}
