// Keeps this tab's idea of the session honest: asks the server once at start whether the
// browser holds a session and whose, follows what the other tabs announce (they share the
// session cookie), and acts on what the API client reports (401 → sign in again with "Session
// Expired", 403 → access denied).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getMe } from '../api/account';
import { useNotify } from '@/components/notifications';
import { mayHoldSession } from '@/lib/csrf-cookie';
import { ACCESS_DENIED_PATH, LOGIN_PATH, SESSION_WRONG_PATH } from '@/lib/paths';
import { endSession, getSessionUser, isSessionKnown, isSignedIn, learnSession, setSessionUser } from '@/lib/session';
import { onAnnouncement } from '@/lib/session-channel';
import { onSessionEvent } from '@/lib/session-events';
import type { SignInPageState } from '../hooks/use-sign-in-steps';

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
          endSession();
          queryClient.clear();
          void navigate(LOGIN_PATH, { replace: true });
          notify({ severity: 'warning', message: t('sessionExpired') });
        } else {
          void navigate(ACCESS_DENIED_PATH, { replace: true });
        }
      }),
    [navigate, notify, queryClient, t],
  );

  useEffect(
    () =>
      onAnnouncement((message) => {
        if (message.type === 'signed-out') {
          // The other tab has ended the session this one used too.
          if (!isSignedIn()) return;
          endSession();
          queryClient.clear();
          const state: SignInPageState = { notice: 'signedOut' };
          void navigate(LOGIN_PATH, { replace: true, state });
          return;
        }
        const mine = getSessionUser();
        if (message.type === 'updated') {
          if (mine?.id === message.user.id) setSessionUser(message.user);
          return;
        }
        if (mine && mine.id !== message.user.id) {
          // Someone else signed in in this browser: this tab's calls would now be theirs.
          endSession();
          queryClient.clear();
          void navigate(SESSION_WRONG_PATH, { replace: true });
        } else {
          learnSession(message.user);
        }
      }),
    [navigate, queryClient],
  );

  // App start: does the browser hold a session, and whose? Until the answer, the signed-in
  // routes wait; a sign-in finished meanwhile knows better than this answer. Without the CSRF
  // cookie there is no session to ask about (and no 401 to put in the console).
  useEffect(() => {
    if (checked.current || isSessionKnown()) return;
    checked.current = true;
    if (!mayHoldSession()) {
      learnSession(null);
      return;
    }
    getMe().then(
      (me) => {
        if (!isSessionKnown()) learnSession(me);
      },
      () => {
        if (!isSessionKnown()) learnSession(null);
      },
    );
  }, []);

  return null;
}
