// Keeps this tab's session honest: checks a stored token once when the app starts, and acts on
// what the API client reports (401 → sign in again with "Session Expired", 403 → access denied).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getSession } from '@/api/gen/auth/auth';
import { useNotify } from '@/components/notifications';
import { ACCESS_DENIED_PATH, LOGIN_PATH, SESSION_WRONG_PATH } from '@/lib/paths';
import { clearSession, getAccessToken, getSessionUser, setSessionUser } from '@/lib/session';
import { onSessionEvent } from '@/lib/session-events';

export function SessionWatch() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const checked = useRef(false);

  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event === 'expired') {
          clearSession();
          queryClient.clear();
          void navigate(LOGIN_PATH, { replace: true });
          notify({ severity: 'warning', message: t('sessionExpired') });
        } else {
          void navigate(ACCESS_DENIED_PATH, { replace: true });
        }
      }),
    [navigate, notify, queryClient, t],
  );

  // App start: is the stored token still a session, and still the stored user's?
  useEffect(() => {
    if (checked.current || getAccessToken() === null) return;
    checked.current = true;
    getSession().then(
      (me) => {
        const stored = getSessionUser();
        if (stored && stored.id !== me.id) {
          clearSession();
          queryClient.clear();
          void navigate(SESSION_WRONG_PATH, { replace: true });
        } else {
          setSessionUser(me);
        }
      },
      // A 401 is handled through the session event above; anything else leaves the session be.
      () => undefined,
    );
  }, [navigate, queryClient]);

  return null;
}
